"""What the Wiktionary packages leave of wiki markup in their glosses, cleaned away.

The packages render most of a gloss's markup, but not all of it, and these leftovers
reached the definition card (wordlists/README.md lists the ones read through):

- German's sense references: "[1]", "[2b]", "[1, 2]" stand for the entry's own first or
  second sense ("das Ergebnis von [1]"), or qualify a linked word's sense ("Bohrer[1]",
  "Auditorium [1]"), or point a reader at a sense ("unter [1] genannten", "zu [2]:");
- templates the packages did not render: German's context labels ("{{K|ft=auch
  bildlich}}") and quality notes, French's sources, references and chemical formulas;
- links ("[[loup de mer (3)]]", "[http://... text]"), image captions ("vignette|...")
  and HTML comments, and what a removed link leaves: "()", "(siehe , )", " ,".

`clean_markup(gloss, lemma)` is called by rebuild_glosses.py on every sense, before it
is cut to length; tests/test_glosses.py holds it to real glosses of both packages.
"""

from __future__ import annotations

import re

# A sense reference: a number with an optional letter, or a list or range of them.
_NUMBER = r"\d+[a-z]?"
_ONE = rf"\[{_NUMBER}(?:\s*(?:,|[-\u2013]|und|bis)\s*{_NUMBER})*\]"
# Several read as one: "Stoff[1], [2]" is the cloth in either sense.
REFERENCE = rf"{_ONE}(?:\s*(?:,|und|oder)?\s*{_ONE})*"

# Innermost templates first: a template's argument may be another template.
TEMPLATE = re.compile(r"\{\{([^{}]*)\}\}")
# A template the package cut off with the gloss: nothing after it is the gloss.
UNCLOSED_TEMPLATE = re.compile(r"\{\{.*$")
# German's context labels; tN=_ joins label N to the next with a space, not a comma.
CONTEXT_TEMPLATES = {"K"}
# French templates whose last non-empty argument is text the reader should see.
TEXT_TEMPLATES = {"w", "lien", "term", "fchim"}

WIKI_LINK = re.compile(r"\[\[(?:[^\[\]|]*\|)?([^\[\]]*)\]\]")
FILE_LINK = re.compile(r"\[\[(?:File|Fichier|Image|Datei):[^\]]*(?:\]\]|$)")
WEB_LINK = re.compile(r"\[https?://[^\s|\]]*(?:\|\s*|\s+)?([^\]]*)\]")
COMMENT = re.compile(r"<!--.*?(?:-->|$)")
# What a German reference to a web page leaves: "vergleiche , abgerufen am 4. Februar 2014".
RETRIEVED = re.compile(r"\s*(?:vergleiche|vgl\.)?\s*,?\s*abgerufen am \d{1,2}\.\s*\w+\s+\d{4}")
# An image's caption leaked into a sense: up to the end of its link, else to the end.
# Its options come first ("alt=...|droite|150px|vignette|"); a caption whose text was
# lost leaves "vignette" stuck to the sense's end.
CAPTION = re.compile(
    r"(?:alt=[^|\t]*\|)?(?:(?:right|left|droite|gauche|redresse|upright|centre|\d+px)\|)*"
    r"(?:vignette|thumb)\|(?:[^\]]*?\]\]\s*|.*$)|(?<=\S)(?:vignette|thumb)\.?$"
)
# A link's bracket left alone ("plusieurs chose]]s").
STRAY_BRACKETS = re.compile(r"\[\[|\]\]")

# What points a reader at a sense rather than naming a thing: dropped with the reference.
POINTERS = re.compile(
    rf"(?:\bwie )?(?:\bin der Bedeutung|\bim Sinne von|\bgemäß|\bentsprechend|\bwie in|\bunter)"
    rf"\s+{REFERENCE}"
)
# "zu [1]:" or "zu [1];" labels a sense as following from another: the label goes (its
# colon stays after what comes before it: "im übertragenen Sinne zu [2]: ...").
LABEL = re.compile(rf"(?:^|\s+)zu\s+{REFERENCE}\s*[:;]\s*")
# "(siehe [1])", "(wie [2])", "(zu [1])": a parenthesis that only points at a sense.
POINTER_PARENTHESIS = re.compile(rf"\s*\((?:siehe(?: auch)?|vgl\.|wie|zu|nach|aus)\s+{REFERENCE}\)")
# "die in [1] beschriebene Technik": "in [1]" before a participle points at a sense.
IN_BEFORE_PARTICIPLE = re.compile(rf"\bin\s+{REFERENCE}\s+(?=[a-zäöü]+(?:t|en)e[mnrs]?\b)")
# Any other reference, with the word before it: on a word ("Bohrer[1]") or after a
# noun ("Auditorium [1]", "„Bach“ [1]") it is that word's sense, else the entry's.
WITH_WORD_BEFORE = re.compile(
    rf"(?P<before>[^\s\[\]]*)(?P<space>\s?)(?P<reference>{REFERENCE})(?=(?P<next>\w)?)"
)
QUOTES = (
    '\N{DOUBLE LOW-9 QUOTATION MARK}“”"»«\N{SINGLE LOW-9 QUOTATION MARK}'
    "\N{LEFT SINGLE QUOTATION MARK}\N{RIGHT SINGLE QUOTATION MARK}'"
)

# What a removed link or reference leaves behind.
EMPTY_PARENTHESIS = re.compile(r"\s*\((?:\s|[,;.:]|siehe|etwa|auch|vgl\.)*\)")
# (Not before ";" and ":", which French sets off with a space; not before an ellipsis.)
SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([,)]|\.(?!\.))")
SPACE_AFTER_OPENING = re.compile(r"\(\s+")
REPEATED_COMMAS = re.compile(r",(?:\s*,)+")
SPACES = re.compile(r"\s+")


def clean_markup(gloss: str, lemma: str) -> str:
    """The gloss without wiki markup; its references to the entry's own senses read as
    the lemma ("Personal, das [1] leistet" of Betriebsführung: "Personal, das
    Betriebsführung leistet"). Empty if nothing but markup was left."""
    gloss = CAPTION.sub("", gloss)
    gloss = COMMENT.sub("", gloss)
    gloss = FILE_LINK.sub("", gloss)
    gloss = WIKI_LINK.sub(r"\1", gloss)
    gloss = WEB_LINK.sub(r"\1", gloss)
    gloss = STRAY_BRACKETS.sub("", gloss)
    gloss = RETRIEVED.sub("", gloss)
    gloss = without_templates(gloss)
    gloss = without_references(gloss, lemma)
    gloss = EMPTY_PARENTHESIS.sub("", gloss)
    gloss = SPACE_BEFORE_PUNCTUATION.sub(r"\1", gloss)
    gloss = SPACE_AFTER_OPENING.sub("(", gloss)
    gloss = REPEATED_COMMAS.sub(",", gloss)
    return SPACES.sub(" ", gloss).strip(",; ").lstrip(": ")


def without_templates(gloss: str) -> str:
    """The gloss with each template rendered as a reader sees it, or dropped."""
    while True:
        rendered = TEMPLATE.sub(lambda match: render_template(match.group(1)), gloss)
        if rendered == gloss:
            return UNCLOSED_TEMPLATE.sub("", gloss)
        gloss = rendered


def render_template(body: str) -> str:
    """A template's text: German context labels as "label, label:", French text-bearing
    templates as their text (a term's in parentheses), every other template nothing."""
    name, *arguments = (part.strip() for part in body.split("|"))
    if name in CONTEXT_TEMPLATES:
        return context_labels(arguments)
    if name in TEXT_TEMPLATES:
        shown = [a for a in arguments if a and "=" not in a]
        if not shown:
            return ""
        text = "".join(shown) if name == "fchim" else shown[-1]
        return f"({text})" if name == "term" else text
    return ""


def context_labels(arguments: list[str]) -> str:
    """{{K|label|label|tN=_|ft=free text}} as the page shows it: "label, label free text:"."""
    labels: list[str] = []
    joins: dict[int, str] = {}
    free = ""
    for argument in arguments:
        key, equals, value = argument.partition("=")
        if not equals:
            if argument:
                labels.append(argument)
        elif key == "ft":
            free = value.strip()
        elif re.fullmatch(r"t\d+", key):
            joins[int(key[1:])] = " " if value == "_" else f" {value} "
    text = ""
    for number, label in enumerate(labels, 1):
        text += label + (joins.get(number, ", ") if number < len(labels) else "")
    text = f"{text}, {free}" if text and free else text or free
    return f"{text}:" if text else ""


def without_references(gloss: str, lemma: str) -> str:
    """The gloss with German's sense references cleaned: pointers dropped, a word's
    sense number dropped, a reference standing for the entry's sense read as the lemma."""
    gloss = POINTER_PARENTHESIS.sub("", gloss)
    gloss = LABEL.sub(lambda match: ": " if match.start() else "", gloss)
    gloss = POINTERS.sub("", gloss)
    gloss = IN_BEFORE_PARTICIPLE.sub("", gloss)
    gloss = WITH_WORD_BEFORE.sub(lambda match: read_reference(match, lemma), gloss)
    # "von [1] und [2]" reads as the lemma once.
    once = rf"(?<!\w){re.escape(lemma)}(?:\s*(?:,|und/oder|und|oder)\s*{re.escape(lemma)})+(?!\w)"
    return re.sub(once, lambda _: lemma, gloss)


def read_reference(match: re.Match[str], lemma: str) -> str:
    """A reference with the word before it: the word alone if the reference qualifies
    it (on it, or after a noun), else the word and the lemma the reference stands for."""
    before, space = match["before"], match["space"]
    word = before.strip(QUOTES)
    on_the_word = bool(before) and not space and (before[-1].isalnum() or before[-1] in QUOTES)
    after_a_noun = bool(space) and word[:1].isupper()
    if on_the_word or after_a_noun:
        # "Eies[2]Eigelb": the word after it is a word of its own.
        return before + (" " if match["next"] else "")
    return before + space + lemma
