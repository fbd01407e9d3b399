// The colour theme: the system's (light or dark) unless the reader chose one with the
// header's switch, which is remembered in this browser. Loaded as a plain script in the
// head, before the page is drawn, so a chosen theme never flashes the other one.

const STORE = "boggle.theme";
const dark = matchMedia("(prefers-color-scheme: dark)");

function stored() {
  try {
    return localStorage.getItem(STORE);
  } catch {
    return null; // storage refused (a private window): the system's theme
  }
}

function apply(theme) {
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

apply(stored());

document.addEventListener("DOMContentLoaded", () => {
  const toggle = document.getElementById("theme-toggle");
  const chosen = () => document.documentElement.dataset.theme;
  const isDark = () => (chosen() ?? (dark.matches ? "dark" : "light")) === "dark";
  const show = () => toggle.setAttribute("aria-pressed", String(isDark()));
  toggle.hidden = false;
  show();
  dark.addEventListener("change", show);
  toggle.addEventListener("click", () => {
    const theme = isDark() ? "light" : "dark";
    apply(theme);
    try {
      localStorage.setItem(STORE, theme);
    } catch {
      // Not remembered, but shown.
    }
    show();
  });
});
