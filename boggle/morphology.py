"""WordNet's morphology: which dictionary forms (lemmas) an inflected word comes from.

This is WordNet 3.0's ``morphy`` for single words, as its C library does it
(``morphword`` in ``morph.c``), so that a word resolves exactly as WordNet's own
``wn`` command resolves it:

- a word in the part of speech's *exception list* (``ran`` -> ``run``, ``geese`` ->
  ``goose``, ``better`` -> ``good``) has the bases the list gives, and no others;
- otherwise the *detachment rules* are tried in WordNet's order, and the first that
  gives a lemma of that part of speech wins (``hoped`` -> ``hope``, never ``hop``);
- nouns ending in ``ss`` (``glass``) or of two letters or fewer are never detached,
  and a noun ending in ``ful`` has its rule applied before the ``ful``
  (``cupsful`` -> ``cupful``);
- adverbs have only their exception list.

A word that is itself a lemma is always one of its own forms (``left``: the noun and
the adjective, and ``leave`` by the verb exception list). The lexicon (what is a lemma,
what the exception lists say) is given by the caller, so this module holds only the
rules; ``boggle.definitions`` supplies WordNet's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

#: WordNet's parts of speech, in the order WordNet lists them.
PARTS_OF_SPEECH = ("noun", "verb", "adj", "adv")

#: WordNet's detachment rules, (suffix, replacement), tried in this order (morph.c).
DETACHMENT_RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "noun": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "verb": (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}

# Nouns this short or ending so are left whole: "gas" is not the plural of "ga".
_SHORTEST_DETACHED_NOUN = 3
_UNDETACHED_NOUN_ENDING = "ss"
_FUL = "ful"


class Lexicon(Protocol):
    """What the rules need to know of a lexical database."""

    def is_lemma(self, word: str, pos: str) -> bool:
        """Whether ``word`` is a lemma of that part of speech."""
        ...

    def exceptions(self, word: str, pos: str) -> Sequence[str] | None:
        """The bases the part of speech's exception list gives ``word``; None if unlisted."""
        ...


def base_forms(word: str, pos: str, lexicon: Lexicon) -> list[str]:
    """The lemmas of one part of speech that ``word`` is an inflection of (morphy)."""
    listed = lexicon.exceptions(word, pos)
    if listed is not None:
        return [base for base in listed if base != word and lexicon.is_lemma(base, pos)]
    if pos == "adv":
        return []
    stem, ending = word, ""
    if pos == "noun":
        if word.endswith(_FUL):
            stem, ending = word[: -len(_FUL)], _FUL
        elif word.endswith(_UNDETACHED_NOUN_ENDING) or len(word) < _SHORTEST_DETACHED_NOUN:
            return []
    for suffix, replacement in DETACHMENT_RULES[pos]:
        if stem.endswith(suffix):
            base = stem[: -len(suffix)] + replacement
            if base != stem and lexicon.is_lemma(base, pos):
                return [base + ending]
    return []


def lemmas(word: str, lexicon: Lexicon) -> list[tuple[str, str]]:
    """Every (lemma, part of speech) ``word`` may be: itself first, then its bases."""
    found = []
    for pos in PARTS_OF_SPEECH:
        if lexicon.is_lemma(word, pos):
            found.append((word, pos))
        # Only the "ful" rule can name a base that is not itself a lemma (cupful).
        found.extend(
            (base, pos) for base in base_forms(word, pos, lexicon) if lexicon.is_lemma(base, pos)
        )
    return found
