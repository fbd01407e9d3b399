// The tabletop board: one phone or tablet flat in the middle of the table, the players
// writing on paper. The server rolled the board and drew each die turned as it landed
// (templates/table.html, web/table.py); this script runs the round over it:
//
//   ready     the lid is on (the cubes show no letters) and Start is over it
//   counting  3, 2, 1, shown both ways up; the screen is asked to stay awake
//   playing   the letters show and the two clocks run, one turned for the far side
//   over      a sound and a buzz (unless muted), then the links the round ends with
//
// The stage's data-state is the phase, and the CSS shows each phase's parts: nothing
// moves or changes size as the round goes on. Everything the script needs is in the
// page (the round's seconds, the links carrying the board), nothing made for one
// request but the roll itself, so the page could be kept for offline use as it is.
// A round in play survives a reload: its end is kept in sessionStorage, by board.

import { $, announce } from "./lib/dom.js";
import { _, ngettext } from "./lib/i18n.js";
import { clock } from "./lib/round.js";
import { ShakeDetector, joltOf } from "./lib/shake.js";

const COUNT_FROM = 3;
const COUNT_MS = 1000;
const TICK_MS = 200;
const ROUND = "boggle.table.round"; // sessionStorage: {board: the same-board link, ends}
const MUTED = "boggle.table.muted"; // localStorage: "1" when the sound is off
const SHAKE = "boggle.table.shake"; // localStorage: "off" when shake to roll is off
// The end of the round: three notes, then the buzz, long enough to be felt on wood.
const NOTES = [
  [0, 880],
  [0.3, 880],
  [0.6, 1175],
];
const NOTE_S = 0.25;
const BUZZ_MS = [400, 150, 400, 150, 700];

const stage = $("table");
if (stage) {
  tabletop(stage);
}
diceFollowTheDictionary();

function tabletop(stage) {
  const seconds = Number(stage.dataset.seconds);
  const sameLink = $("same-link");
  const state = {
    phase: "ready",
    ends: 0,
    counter: 0, // the countdown's interval id
    ticker: 0, // the clock's interval id
    lock: null, // the screen wake lock, while the round holds one
    audio: null, // the AudioContext, made on the first tap (browsers want one)
    stopping: 0, // Stop was tapped once: the timeout that forgets it
  };

  // The address says which board this is, so that a reload rolls it again.
  history.replaceState(history.state, "", sameLink.href);

  const setPhase = (phase) => {
    state.phase = phase;
    stage.dataset.state = phase;
  };

  // Written only when it changes, once a second: the clock ticks every 200 ms, and each
  // write, even of the same text, is a frame for the device to draw.
  const showClock = (text) => {
    if ($("clock-near").textContent === text) return;
    $("clock-near").textContent = text;
    $("clock-far").textContent = text;
  };

  const say = (text) => {
    $("table-status").textContent = text;
  };

  // --- Sound, buzz and the screen ---------------------------------------------------

  const mute = $("mute");
  const muted = () => mute.getAttribute("aria-pressed") === "true";
  mute.setAttribute("aria-pressed", String(stored(localStorage, MUTED) === "1"));
  mute.addEventListener("click", () => {
    mute.setAttribute("aria-pressed", String(!muted()));
    store(localStorage, MUTED, muted() ? "1" : null);
  });

  /** The audio context, made or woken within a tap, so that it may sound later. */
  function wakeAudio() {
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!state.audio && Context) state.audio = new Context();
    state.audio?.resume?.().catch(() => {});
  }

  function ring() {
    const audio = state.audio;
    if (!audio) return;
    const start = audio.currentTime;
    for (const [offset, frequency] of NOTES) {
      const note = audio.createOscillator();
      const volume = audio.createGain();
      note.type = "triangle";
      note.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.5, start + offset + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + NOTE_S);
      note.connect(volume).connect(audio.destination);
      note.start(start + offset);
      note.stop(start + offset + NOTE_S + 0.05);
    }
  }

  const canKeepAwake = () => typeof navigator.wakeLock?.request === "function";

  async function keepAwake() {
    if (!canKeepAwake()) {
      say(_("This browser cannot keep the screen on: set the screen to stay on longer than a round."));
      return;
    }
    try {
      const lock = await navigator.wakeLock.request("screen");
      if (state.phase === "counting" || state.phase === "playing") {
        state.lock = lock;
        say(_("The screen stays on until the round ends."));
      } else {
        lock.release().catch(() => {});
      }
    } catch {
      say(_("The screen could not be kept on (the battery may be low): touch it now and then."));
    }
  }

  function letSleep() {
    state.lock?.release().catch(() => {});
    state.lock = null;
  }

  // A lock ends when the page is hidden; it is asked for again when it shows.
  document.addEventListener("visibilitychange", () => {
    const running = state.phase === "counting" || state.phase === "playing";
    if (document.visibilityState === "visible" && running && (!state.lock || state.lock.released)) {
      keepAwake();
    }
  });

  // --- The round ----------------------------------------------------------------------

  function remember() {
    store(sessionStorage, ROUND, JSON.stringify({ board: sameLink.href, ends: state.ends }));
  }

  function count(n) {
    $("count-near").textContent = String(n);
    $("count-far").textContent = String(n);
  }

  function begin() {
    wakeAudio();
    keepAwake();
    clearInterval(state.counter);
    setPhase("counting");
    stage.scrollIntoView({ block: "start" });
    let left = COUNT_FROM;
    count(left);
    announce(ngettext("The board shows in %(num)s second.", "The board shows in %(num)s seconds.", left));
    state.counter = setInterval(() => {
      left -= 1;
      if (left > 0) {
        count(left);
        return;
      }
      clearInterval(state.counter);
      reveal(Date.now() + seconds * 1000);
      remember();
      announce(_("The board shows: the clock is running."));
    }, COUNT_MS);
  }

  function reveal(ends) {
    state.ends = ends;
    setPhase("playing");
    tick();
    clearInterval(state.ticker);
    state.ticker = setInterval(tick, TICK_MS);
  }

  function tick() {
    const left = Math.max(0, state.ends - Date.now());
    showClock(clock(left));
    if (left === 0) finish();
  }

  /** The round is over: the clocks stop, the sound and the buzz say so. */
  function finish({ quietly = false } = {}) {
    clearInterval(state.ticker);
    clearTimeout(state.stopping);
    state.stopping = 0;
    $("stop").textContent = _("Stop");
    setPhase("over");
    letSleep();
    say(_("Time is up: pens down. Then see all the words or score the lists."));
    announce(_("Time is up."));
    if (quietly || muted()) return;
    ring();
    navigator.vibrate?.(BUZZ_MS);
  }

  $("start").addEventListener("click", begin);

  // Stopping ends the round for everyone, so it takes a second tap.
  $("stop").addEventListener("click", (event) => {
    if (state.phase !== "playing") return;
    if (state.stopping) {
      state.ends = Date.now();
      remember();
      finish();
      return;
    }
    event.currentTarget.textContent = _("Tap again to stop");
    state.stopping = setTimeout(() => {
      state.stopping = 0;
      $("stop").textContent = _("Stop");
    }, 3000);
  });

  // The same board again is this page again: played at once, with no reload.
  sameLink.addEventListener("click", (event) => {
    event.preventDefault();
    showClock(clock(seconds * 1000));
    say("");
    begin();
  });

  // --- Shake to roll ------------------------------------------------------------------

  const shake = $("shake");
  const asksForMotion = typeof globalThis.DeviceMotionEvent?.requestPermission === "function";
  const shaking = () => shake.getAttribute("aria-pressed") === "true";
  const roll = () => {
    // Not while the round runs: a knock on the table must not throw the board away.
    if (shaking() && (state.phase === "ready" || state.phase === "over")) {
      location.assign($("new-link").href);
    }
  };
  const detector = new ShakeDetector(roll);

  function offerShake(on) {
    delete shake.dataset.unavailable;
    shake.setAttribute("aria-pressed", String(on));
  }

  addEventListener("devicemotion", (event) => {
    const strength = joltOf(event);
    if (strength === null) return;
    // The device reports motion: shake to roll is on offer (on unless turned off).
    if ("unavailable" in shake.dataset) offerShake(stored(localStorage, SHAKE) !== "off");
    detector.reading(strength, performance.now());
  });

  /** Ask for motion where the browser asks the player first (iOS); whether it is allowed. */
  async function motionAllowed() {
    try {
      return (await globalThis.DeviceMotionEvent.requestPermission()) === "granted";
    } catch {
      return false;
    }
  }

  // Where the browser asks the player first, no reading comes before they allow it: a
  // phone or tablet (a touch screen) is offered the switch from the start.
  if (asksForMotion && matchMedia("(pointer: coarse)").matches) {
    offerShake(false);
    if (stored(localStorage, SHAKE) === "on") {
      // Allowed before: the browser may say so again without a tap.
      motionAllowed().then((allowed) => shake.setAttribute("aria-pressed", String(allowed)));
    }
  }

  shake.addEventListener("click", async () => {
    if (shaking()) {
      shake.setAttribute("aria-pressed", "false");
      store(localStorage, SHAKE, "off");
      return;
    }
    if (asksForMotion && !(await motionAllowed())) {
      say(_("Shake to roll needs the motion sensors, which were not allowed."));
      return;
    }
    shake.setAttribute("aria-pressed", "true");
    store(localStorage, SHAKE, "on");
    say(_("Shake the device to roll a new board (not while the clock runs)."));
  });

  // --- Where the page was left ---------------------------------------------------------

  if (!canKeepAwake()) keepAwake(); // says so from the start
  const kept = JSON.parse(stored(sessionStorage, ROUND) ?? "null");
  if (kept?.board === sameLink.href && Number.isFinite(kept.ends)) {
    if (kept.ends > Date.now()) {
      wakeAudio(); // woken by the next tap, if the browser wants one
      keepAwake();
      reveal(kept.ends);
    } else {
      state.ends = kept.ends;
      showClock(clock(0));
      finish({ quietly: true });
    }
  }
}

/** The dice offered are the chosen dictionary's language's; another's cannot be rolled for it. */
function diceFollowTheDictionary() {
  const dictionary = $("dictionary");
  const dice = $("dice");
  const follow = () => {
    const language = dictionary.selectedOptions[0]?.dataset.language;
    for (const group of dice.querySelectorAll("optgroup")) {
      const theirs = group.dataset.language === language;
      group.hidden = !theirs;
      group.disabled = !theirs;
    }
    if (dice.selectedOptions[0]?.parentElement.dataset.language !== language) {
      const first = dice.querySelector(`optgroup[data-language="${CSS.escape(language)}"] option`);
      if (first) first.selected = true;
    }
  };
  dictionary.addEventListener("change", follow);
  follow();
}

/** A stored value, or null where storage is refused (a private window). */
function stored(storage, key) {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Store a value (null removes it); where storage is refused, it is not kept. */
function store(storage, key, value) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Not kept: the page still works.
  }
}
