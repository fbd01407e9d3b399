// The page scripts' words in the reader's language.
//
// The server puts the catalogue of the scripts' texts in the page as data
// (<script type="application/json" id="messages">, web/i18n.py script_catalogue):
// {lang, messages}, where messages maps each English text to its translation, or for a
// counted text to its forms by CLDR plural category ({one: ..., other: ...}), which
// the browser's Intl.PluralRules picks among. Texts are written in English in the
// scripts, inside _() and ngettext() so that pybabel finds them
// (translations/catalogues.py); a text without a translation stays English.
// Placeholders are %(name)s, as in the Python code.

function readCatalogue(doc) {
  const node = doc?.getElementById?.("messages");
  const data = node ? JSON.parse(node.textContent) : {};
  return {
    lang: data.lang || "en",
    messages: data.messages || {},
  };
}

/**
 * A value made on first use, then kept: `once(make)()`. A page's first number format
 * loads the browser's number data (20 to 50 ms on a busy laptop), which a page that
 * writes no number while it loads leaves until it does.
 */
export function once(make) {
  let made;
  return () => (made ??= make());
}

// A catalogue's functions; the page's own are exported below (tests make others).
export function catalogue(data) {
  const { lang, messages } = data;
  const plurals = once(() => new Intl.PluralRules(lang));
  const numberFormat = once(() => new Intl.NumberFormat(lang));
  const fill = (text, values) =>
    values ? text.replace(/%\((\w+)\)s/g, (all, name) => (name in values ? String(values[name]) : all)) : text;
  return {
    lang,
    number: (value) => numberFormat().format(value),
    gettext(text, values) {
      const found = messages[text];
      return fill(typeof found === "string" && found ? found : text, values);
    },
    ngettext(singular, plural, count, values) {
      const forms = messages[singular];
      const category = plurals().select(count);
      const english = count === 1 ? singular : plural;
      const text = forms && typeof forms === "object" ? forms[category] || forms.other || english : english;
      return fill(text, { num: numberFormat().format(count), ...values });
    },
  };
}

const page = catalogue(readCatalogue(globalThis.document));

// The interface language's code ("en", "de", ...), as <html lang> says.
export const lang = page.lang;
// A text in the reader's language: _("Find words"), _("Hello %(name)s", {name}).
export const _ = page.gettext;
// A counted text: ngettext("%(num)s word", "%(num)s words", n); %(num)s is n written
// the language's way (1,204 or 1.204).
export const ngettext = page.ngettext;
// A number written the language's way.
export const number = page.number;
