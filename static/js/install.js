// On every page: the service worker that keeps the app for offline use (GET /sw.js,
// static/js/service-worker.js), and the notice that a new release is ready.
//
// A new release's worker installs in the background and waits; the page then shows
// "A new version is ready" (#update-ready, fixed to the bottom of the screen: it moves
// nothing on the page), whose button lets the new worker take over and reloads the page,
// so that no page runs an older release's scripts beside the newer one's files.

const address = document.querySelector('meta[name="service-worker"]')?.content;
const notice = document.getElementById("update-ready");

/** Offer the waiting release: the button hands over to it, then the page reloads. */
function offer(worker) {
  if (!notice || !worker) return;
  notice.hidden = false;
  document.getElementById("update-reload").onclick = () => {
    worker.postMessage({ type: "skip-waiting" });
  };
}

async function register() {
  const registration = await navigator.serviceWorker.register(address);
  // A page opened while a release already waits (the worker installed on a visit
  // before, in another tab, or while this page loaded).
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      // The first release takes over by itself: only a later one is an update.
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
    });
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only a page that asked for the update reloads (the first worker's claim is none).
    if (notice && !notice.hidden && !reloading) {
      reloading = true;
      location.reload();
    }
  });
}

if (address && "serviceWorker" in navigator) {
  register().catch(() => {
    // No worker (a private window, a browser that refuses): the app works online.
  });
}
