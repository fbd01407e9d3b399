// A chosen word's definition, from GET /define: fetched the first time the word is
// chosen, then kept in the page, so choosing it again costs nothing. Drawn with h()
// and textContent as templates/_board.html draws it: one line under the board (the
// word, its part of speech, its first sense cut to the line) that opens in full on a
// tap, so the board, the path and the list keep the screen. The panel says plainly
// when WordNet has no entry. WordNet is English: its words are marked so (lang), and a
// reader of another language is told.

import { h } from "./lib/dom.js";
import { _, lang } from "./lib/i18n.js";

export class DefinitionPanel {
  /** `lookup(word)` resolves to the /define document or throws the server's error. */
  constructor(panel, lookup) {
    this.panel = panel;
    this.lookup = lookup;
    this.answers = new Map(); // word -> promise of { definition } or { error }
    this.word = null;
  }

  /**
   * Let words shown as plain text (no path to draw: not on the board, too short, not
   * a word) ask for their definition too: each element matching `selector` in `root`
   * becomes a button with data-define. The server draws them as text, so the pages
   * read the same without the script.
   */
  upgrade(root, selector) {
    for (const text of root.querySelectorAll(selector)) {
      const button = h(
        "button",
        {
          type: "button",
          class: `${text.className} define-word`,
          "data-define": text.textContent.trim(),
          "aria-controls": this.panel.id,
        },
        ...text.childNodes,
      );
      text.replaceWith(button);
    }
  }

  /** Choosing a data-define button in `root` shows its definition, again hides it. */
  listen(root, before = () => {}) {
    root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-define]");
      if (!button) return;
      before(); // e.g. clear another word's path, which this word does not have
      const word = button.dataset.define;
      this.show(word === this.word ? null : word);
    });
  }

  /** Show the word's definition beside its path; null hides the panel. */
  async show(word) {
    this.word = word;
    if (!word) {
      this.panel.hidden = true;
      this.panel.replaceChildren();
      delete this.panel.dataset.word;
      return;
    }
    if (!this.answers.has(word)) {
      this.answers.set(
        word,
        this.lookup(word).then(
          (definition) => ({ definition }),
          (error) => ({ error }),
        ),
      );
    }
    this.panel.hidden = false;
    this.panel.dataset.state = "loading";
    this.panel.replaceChildren(line(_("Looking up “%(word)s”…", { word })));
    const answer = await this.answers.get(word);
    if (this.word !== word) return; // another word was chosen meanwhile
    // "No definition" is the answer; a failed fetch is not, so it is asked again next time.
    if (answer.error && answer.error.code !== "no_definition") this.answers.delete(word);
    this.panel.dataset.word = word;
    this.panel.dataset.state = answer.definition ? "defined" : "none";
    this.panel.replaceChildren(
      answer.definition
        ? h("details", { class: "definition-more" }, summary(answer.definition), ...entries(answer.definition), ...note())
        : line(
            answer.error.code === "no_definition"
              ? _("WordNet has no entry for “%(word)s”.", { word })
              : answer.error.offline
                ? _("Definitions need a connection: this device cannot reach the server now.")
                : answer.error.message,
          ),
    );
  }
}

/** A line in the definition's place that is not a definition: looking up, none, an error. */
const line = (text) => h("p", { class: "hint definition-line" }, text);

/** The definition's one line: the first entry's word and part of speech, its first sense. */
function summary(definition) {
  const [first] = definition.entries;
  return h(
    "summary",
    { class: "definition-line" },
    h("strong", { lang: "en" }, first.lemma),
    " ",
    h("em", { lang: "en" }, first.pos),
    " ",
    h("span", { class: "definition-gloss", lang: "en" }, first.senses[0].gloss),
  );
}

/** A /define document as a heading and numbered senses per lemma and part of speech. */
function entries(definition) {
  return definition.entries.flatMap((entry) => [
    h(
      "p",
      { class: "definition-head" },
      h("strong", { lang: "en" }, entry.lemma),
      " ",
      h("em", { lang: "en" }, entry.pos),
      entry.lemma === definition.word ? "" : ` ${_("(for “%(word)s”)", { word: definition.word })}`,
    ),
    h(
      "ol",
      { class: "senses", lang: "en" },
      ...entry.senses.map((sense) =>
        h(
          "li",
          {},
          sense.gloss,
          ...(sense.example ? [" ", h("q", { class: "example" }, sense.example)] : []),
        ),
      ),
    ),
  ]);
}

/** For a reader of another language than English: the definitions are in English. */
function note() {
  if (lang === "en") return [];
  const text = _("Definitions come from WordNet and are in English only.");
  return [h("p", { class: "hint definition-note" }, text)];
}
