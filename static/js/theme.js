// The header's theme switch: the system's theme (light or dark) unless the reader chose
// one here. The choice is kept in the `theme` cookie, so that the server names it on
// <html data-theme> and the page is painted in it from the start (web/theme.py); this
// module only answers the switch, once the page is drawn.

const COOKIE = "theme";
const YEAR = 365 * 24 * 3600;
// Where the choice was kept before the cookie: read once, moved into the cookie.
const OLD_STORE = "boggle.theme";
const dark = matchMedia("(prefers-color-scheme: dark)");
const toggle = document.getElementById("theme-toggle");

function apply(theme) {
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

function keep(theme) {
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${COOKIE}=${theme}; path=/; max-age=${YEAR}; samesite=lax${secure}`;
}

/** A choice kept by an older version of the page, in this browser's storage. */
function takeOldChoice() {
  try {
    const theme = localStorage.getItem(OLD_STORE);
    localStorage.removeItem(OLD_STORE);
    return theme;
  } catch {
    return null; // storage refused (a private window)
  }
}

const old = takeOldChoice();
if (!document.documentElement.dataset.theme && (old === "light" || old === "dark")) {
  keep(old);
  apply(old);
}

const chosen = () => document.documentElement.dataset.theme;
const isDark = () => (chosen() ?? (dark.matches ? "dark" : "light")) === "dark";
const show = () => toggle.setAttribute("aria-pressed", String(isDark()));
show();
dark.addEventListener("change", show);
toggle.addEventListener("click", () => {
  const theme = isDark() ? "light" : "dark";
  apply(theme);
  keep(theme);
  show();
});
