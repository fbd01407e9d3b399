// A chosen word's definition, from GET /define: fetched the first time the word is
// chosen, then kept in the page, so choosing it again costs nothing. Drawn with h()
// and textContent as templates/_board.html draws it: one line under the board (the
// word, its part of speech, its first sense cut to the line) that opens in full on a
// tap, so the board, the path and the list keep the screen. The panel says plainly
// when the dictionary's source has no entry. Definitions are in the dictionary's
// language (WordNet's English, German Wiktionary's German): their words are marked
// so (lang); a reader of another language than WordNet's English is told, and
// Wiktionary's authors and licence are credited, as it asks.

import { h } from "./lib/dom.js";
import { _, lang } from "./lib/i18n.js";

export class DefinitionPanel {
  /**
   * `lookup(word, dictionary)` resolves to the /define document or throws the server's
   * error; `dictionary()` names the list whose language the word is looked up in (null:
   * the server's default).
   */
  constructor(panel, lookup, dictionary = () => null) {
    this.panel = panel;
    this.lookup = lookup;
    this.dictionary = dictionary;
    this.answers = new Map(); // dictionary and word -> promise of { definition } or { error }
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
    const dictionary = this.dictionary();
    const key = `${dictionary ?? ""}\n${word}`; // "gift" is not the same word in German
    if (!this.answers.has(key)) {
      this.answers.set(
        key,
        this.lookup(word, dictionary).then(
          (definition) => ({ definition }),
          (error) => ({ error }),
        ),
      );
    }
    this.panel.hidden = false;
    this.panel.dataset.state = "loading";
    this.panel.replaceChildren(line(_("Looking up “%(word)s”…", { word })));
    const answer = await this.answers.get(key);
    if (this.word !== word) return; // another word was chosen meanwhile
    // "No definition" is the answer; a failed fetch is not, so it is asked again next time.
    if (answer.error && answer.error.code !== "no_definition") this.answers.delete(key);
    this.panel.dataset.word = word;
    this.panel.dataset.state = answer.definition ? "defined" : "none";
    this.panel.replaceChildren(
      answer.definition
        ? h("details", { class: "definition-more" }, summary(answer.definition), ...entries(answer.definition), ...note(answer.definition))
        : line(noEntry(answer.error, word)),
    );
  }
}

/** A line in the definition's place that is not a definition: looking up, none, an error. */
const line = (text) => h("p", { class: "hint definition-line" }, text);

/** What the panel says when there is no definition: who has no entry, or why not. */
function noEntry(error, word) {
  if (error.offline) return _("Definitions need a connection: this device cannot reach the server now.");
  if (error.code !== "no_definition") return error.message;
  return error.source === "Wiktionary"
    ? _("Wiktionary has no entry for “%(word)s”.", { word })
    : _("WordNet has no entry for “%(word)s”.", { word });
}

/** A lemma's part of speech after its word, where the source gives one (WordNet does). */
const pos = (entry, language) => (entry.pos ? [" ", h("em", { lang: language }, entry.pos)] : []);

/** The definition's one line: the first entry's word and part of speech, its first sense. */
function summary(definition) {
  const [first] = definition.entries;
  const language = definition.language;
  return h(
    "summary",
    { class: "definition-line" },
    h("strong", { lang: language }, first.lemma),
    ...pos(first, language),
    " ",
    h("span", { class: "definition-gloss", lang: language }, first.senses[0].gloss),
  );
}

/** A /define document as a heading and numbered senses per lemma and part of speech. */
function entries(definition) {
  const language = definition.language;
  return definition.entries.flatMap((entry) => [
    h(
      "p",
      { class: "definition-head" },
      h("strong", { lang: language }, entry.lemma),
      ...pos(entry, language),
      entry.lemma === definition.word ? "" : ` ${_("(for “%(word)s”)", { word: definition.word })}`,
    ),
    h(
      "ol",
      { class: "senses", lang: language },
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

/**
 * Under the senses: Wiktionary's credit (its authors, through the entry's page whose
 * history names them, and its licence), or, for a reader of another language than
 * English, that WordNet's definitions are in English.
 */
function note(definition) {
  if (definition.language !== "en") {
    const { source } = definition;
    return [
      h(
        "p",
        { class: "hint definition-note" },
        `${_("From Wiktionary, by its authors:")} `,
        h("a", { href: source.url, lang: definition.language }, definition.entries[0].lemma),
        " (",
        h("a", { href: source.licence_url, rel: "license" }, source.licence),
        ")",
      ),
    ];
  }
  if (lang === "en") return [];
  const text = _("Definitions come from WordNet and are in English only.");
  return [h("p", { class: "hint definition-note" }, text)];
}
