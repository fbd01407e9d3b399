// ESLint for the page scripts (static/js, browser ES modules) and their node tests.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // The service worker: its own globals, and the release web/offline.py writes before it.
    files: ["static/js/service-worker.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["tests/js/**/*.{js,mjs}", "eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
  {
    // House rules: the API client is the only caller of fetch, and data never goes
    // into markup (h() and textContent build the DOM).
    files: ["static/js/**/*.js"],
    // The service worker is the network's other side: it fetches for the pages.
    ignores: ["static/js/lib/api.js", "static/js/service-worker.js"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the app's routes through lib/api.js." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^(innerHTML|outerHTML)$/]",
          message: "Build the DOM with h() and textContent, never markup.",
        },
      ],
    },
  },
  {
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { args: "after-used" }],
    },
  },
];
