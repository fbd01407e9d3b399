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
    files: ["tests/js/**/*.{js,mjs}", "eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
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
