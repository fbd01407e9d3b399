// The results: the board as cubes, the word list, a word's path, "what this board holds".
//
// The server draws all of this for a page loaded with a board (templates/index.html);
// this module reads that markup back (hydrate) and draws the same markup from the
// /solve JSON, so the two stay interchangeable. What is counted or worded from the
// words (per length, the long share, the summary line) comes in the document's
// `summary` (boggle/summary.py); this module only lays it out. The board and its
// path drawing are lib/board-view.js, shared with the practice and scoring pages; the
// word list and its tools are lib/word-list.js, shared with the practice summary.

import { BoardView, pathSpeech, readPath } from "./lib/board-view.js";
import { announce, h } from "./lib/dom.js";
import { _, lang, ngettext, number } from "./lib/i18n.js";
import { RovingList } from "./lib/roving.js";
import { shown, WordListTools } from "./lib/word-list.js";

// The length chart's geometry, as in web/pages.py and templates/index.html.
const CHART_ROW = 30;
const CHART_BAR = 150;
const CHART_X = 100; // where the bars start, after the "10 Buchstaben" labels
// The rating histogram's geometry, as in web/pages.py (RATING_BAR, RATING_HEIGHT).
const RATING_BAR = 10;
const RATING_HEIGHT = 36;
// A search time as web/pages.py (format_ms) writes it: one decimal under 10 ms.
const tenths = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const elapsed = (ms) => `${ms < 10 ? tenths.format(ms) : number(Math.round(ms))} ms`;

export class Results {
  constructor(root, onSelect) {
    this.root = root;
    this.onSelect = onSelect; // told the selected word (or null) after each click
    this.$ = (id) => root.querySelector(`#${id}`);
    this.view = new BoardView(this.$("result-board"));
    this.view.pinWithin(root.querySelector(".words-panel"));
    this.list = this.$("word-list");
    this.roving = new RovingList(this.list);
    const tools = { sort: this.$("sort"), filter: this.$("filter"), group: this.$("group") };
    this.tools = new WordListTools({ list: this.list, shown: this.$("shown"), ...tools }, () =>
      this.renderWords(),
    );
    this.words = [];
    this.summary = null; // the /solve document's summary
    this.selected = null;

    this.list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-word]");
      if (!button) return;
      event.preventDefault(); // the server-drawn buttons submit the no-JavaScript form
      this.select(button.dataset.word === this.selected ? null : button.dataset.word);
      this.onSelect(this.selected);
    });
    // Only a mouse hovers: a finger's tap would leave its word previewed after it.
    this.list.addEventListener("pointerover", (event) => {
      if (event.pointerType !== "mouse") return;
      this.preview(event.target.closest("button[data-word]")?.dataset.word ?? null);
    });
    this.list.addEventListener("pointerleave", () => this.preview(null));
  }

  /** Read back the results the server drew, so they can be sorted and clicked. */
  hydrate() {
    this.words = [...this.list.querySelectorAll("button[data-word]")].map((button) => ({
      word: button.dataset.word,
      ...(button.dataset.spellings ? { spellings: button.dataset.spellings.split("/") } : {}),
      score: Number(button.dataset.score),
      path: readPath(button.dataset.path),
    }));
    this.view.hydrate();
    const drawn = this.$("solve-summary");
    this.summary = drawn ? JSON.parse(drawn.textContent) : null;
    this.selected = this.list.querySelector('[aria-pressed="true"]')?.dataset.word ?? null;
  }

  /** Draw a /solve document. */
  show(result) {
    this.words = result.words;
    this.summary = result.summary;
    this.selected = null;
    this.$("stat-count").textContent = number(result.count);
    this.$("stat-total").textContent = number(result.total_score);
    this.$("stat-time").textContent = elapsed(result.elapsed_ms);
    this.view.draw(result);
    this.previewed = null;
    this.showPlayLinks(result);
    this.drawSummary(result.summary);
    this.drawRating(result.rating ?? null);
    this.renderWords();
    this.$("selection").textContent = result.count ? _("Pick a word to see its path.") : "";
    this.root.hidden = false;
  }

  hide() {
    this.root.hidden = true;
  }

  /** Point the "practise" and "score a game" links at the board just drawn. */
  showPlayLinks(result) {
    const query = new URLSearchParams({
      board: result.text,
      min_length: result.min_length,
      dictionary: result.dictionary,
    });
    for (const link of this.root.querySelectorAll("a[data-play]")) {
      link.setAttribute("href", `${link.pathname}?${query}`);
    }
    for (const image of this.root.querySelectorAll("img[data-play]")) {
      image.setAttribute("src", `${image.dataset.base}?${query}`);
    }
  }

  drawSummary(summary) {
    const chart = this.$("length-chart");
    const mostWords = Math.max(1, ...summary.by_length.map((row) => row.count));
    const mostPoints = Math.max(1, ...summary.by_length.map((row) => row.points));
    const width = (n, most) => Math.round((CHART_BAR * n * 10) / most) / 10;
    const bars = summary.by_length.map((row, i) => {
      const [words, points] = [width(row.count, mostWords), width(row.points, mostPoints)];
      return h(
        "svg:g",
        { transform: `translate(0 ${CHART_ROW * i})` },
        h("svg:title", {}, _("%(length)s letters: %(text)s", { length: row.length, text: row.text })),
        h("svg:text", { class: "chart-label", x: 0, y: 19 }, _("%(length)s letters", { length: row.length })),
        h("svg:rect", { class: "bar-words", x: CHART_X, y: 4, height: 10, width: words }),
        h("svg:text", { class: "chart-value", x: CHART_X + 4 + words, y: 13 }, number(row.count)),
        h("svg:rect", { class: "bar-points", x: CHART_X, y: 16, height: 10, width: points }),
        h("svg:text", { class: "chart-value", x: CHART_X + 4 + points, y: 25 }, number(row.points)),
      );
    });
    chart.setAttribute("viewBox", `0 0 300 ${CHART_ROW * bars.length}`);
    const rows = summary.by_length
      .map((row) => _("%(length)s letters, %(text)s", { length: row.length, text: row.text }))
      .join("; ");
    chart.setAttribute("aria-label", _("Words and points by length: %(rows)s", { rows }));
    chart.replaceChildren(...bars);
    this.$("long-share").textContent = summary.long_share_text;
    this.$("longest").textContent = summary.longest.join(", ");
  }

  /** Where the board falls among rolled boards (index.html draws the same), or nothing. */
  drawRating(rating) {
    this.$("rating").hidden = !rating;
    if (!rating) return;
    // The server's sentence, its share emphasised (index.html lays it out the same way).
    const at = rating.text.indexOf(rating.share_text);
    const share = h("strong", {}, rating.share_text);
    const after = rating.text.slice(at + rating.share_text.length);
    this.$("rating-text").replaceChildren(rating.text.slice(0, at), share, after);
    const tallest = Math.max(1, ...rating.bins.map((b) => b.count));
    const bars = rating.bins.map((b, i) => {
      const height = Math.round((RATING_HEIGHT * b.count * 10) / tallest) / 10;
      const mark = i === rating.bin;
      return h(
        "svg:rect",
        {
          class: mark ? "rating-bar rating-mark" : "rating-bar",
          x: RATING_BAR * i + 1,
          y: Math.round((RATING_HEIGHT - height) * 10) / 10,
          width: 8,
          height,
        },
        h("svg:title", {}, mark ? _("%(text)s (this board)", { text: b.text }) : b.text),
      );
    });
    const chart = this.$("rating-chart");
    chart.setAttribute("viewBox", `0 0 ${RATING_BAR * bars.length} ${RATING_HEIGHT}`);
    const label = _("Points of %(rolls)s rolled boards, this board marked", { rolls: number(rating.rolls) });
    chart.setAttribute("aria-label", label);
    chart.replaceChildren(...bars);
  }

  /** The word list, as the sort, filter and grouping tools ask. */
  renderWords() {
    this.tools.render(this.words, {
      rows: this.summary.by_length,
      selected: this.selected,
      empty: this.summary.line,
    });
  }

  /** Show a word's path with its step numbers, or clear it (null). */
  select(word) {
    const found = this.words.find((w) => w.word === word);
    this.selected = found ? word : null;
    for (const button of this.list.querySelectorAll("button[data-word]")) {
      button.setAttribute("aria-pressed", String(button.dataset.word === this.selected));
    }
    this.preview(null);
    this.mark("step", found);
    const selection = this.$("selection");
    if (found) {
      this.view.reveal();
      const face = (r, c) => this.view.face(r, c);
      announce(pathSpeech(shown(found), found.score, found.path, face));
      const points = ngettext("%(num)s point", "%(num)s points", found.score);
      selection.replaceChildren(h("strong", {}, shown(found)), `: ${points}`);
    } else {
      selection.textContent = _("Pick a word to see its path.");
    }
  }

  /**
   * Preview a word's path while the pointer is over it; it leaves no data-step behind.
   * The chosen word is drawn already: hovering it previews nothing.
   */
  preview(hovered) {
    const word = hovered === this.selected ? null : hovered;
    if (word === this.previewed) return;
    this.previewed = word;
    this.mark("preview", this.words.find((w) => w.word === word));
  }

  /** Number a word's cells with data-{kind} and draw its line; no word clears them. */
  mark(kind, found) {
    this.view.mark(kind, found?.path ?? null);
  }
}
