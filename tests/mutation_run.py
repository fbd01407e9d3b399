"""`make mutate`'s entry point: mutmut's own command line, with the words of messages left alone.

mutmut changes every string in the code it mutates, and an interface translated into
six languages has its words in strings: each message is a `_()`, `ngettext()` or `N_()`
call whose first arguments are the English text. Those mutants ("XXthe board is
emptyXX", the text in capitals) were 154 of the five modules' mutants, and where no
test read a message whole they were among the most expensive survivors (each one runs
every test that reaches its function, up to 37 s): with them `make mutate` overran its
30 minutes (docs/development.md, mutation testing).

The words are held elsewhere: `translations/catalogues.py check`, run by the tests,
fails when a text in the code has no translation in every catalogue, and the tests of
bad input read the messages users see. So here the message texts, the positional
string arguments of those three calls, are not mutated. Everything else in such a call
still is: the values given as keywords (the row and cell a message names), the count
that chooses the plural, and the call itself.

It also mutates only the modules a run asks for. `make mutate` names the mutants it
runs by module (`boggle.board.*`, ...), but mutmut makes mutants of every file
`only_mutate` allows, and each function of a mutated module is called through a
trampoline that looks up the mutant under test: with the whole engine mutated, 450 of
the tests took 7 and 25% more CPU time than with only the five modules mutated (two
side-by-side runs, 3 December 2026), and every mutant's run pays that.

mutmut has no setting for either, so this script adds them to mutmut before handing
over to its command line, and refuses to run on any other mutmut than the pinned one,
whose internals it was written against.
"""

from __future__ import annotations

import re
import sys
from importlib.metadata import version

import libcst as cst

#: The version in requirements-dev.txt, the one whose internals this script extends.
PINNED_MUTMUT = "3.8.1"
#: The interface's translation calls (boggle/i18n.py, Flask-Babel in the web layer).
MESSAGE_CALLS = frozenset({"_", "ngettext", "N_"})


def message_texts(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The English texts of a translation call: its positional string arguments."""
    if not isinstance(node, cst.Call):
        return []
    if not (isinstance(node.func, cst.Name) and node.func.value in MESSAGE_CALLS):
        return []
    texts = (cst.SimpleString, cst.ConcatenatedString)
    return [
        arg.value
        for arg in node.args
        if arg.keyword is None and not arg.star and isinstance(arg.value, texts)
    ]


def leave_message_texts_alone() -> None:
    """Make mutmut's visitor skip the texts of translation calls (and what is inside them)."""
    installed = version("mutmut")
    if installed != PINNED_MUTMUT:
        sys.exit(
            f"tests/mutation_run.py was written for mutmut {PINNED_MUTMUT}, not {installed}: "
            "check that MutationVisitor._skip_node_and_children still decides what is "
            "mutated, then update PINNED_MUTMUT"
        )
    from mutmut.mutation.file_mutation import MutationVisitor

    skip_before = MutationVisitor._skip_node_and_children

    def skip_node_and_children(self: MutationVisitor, node: cst.CSTNode) -> bool:
        # A call is visited before its arguments, so its texts are known when reached.
        texts: dict[int, cst.CSTNode] = self.__dict__.setdefault("_message_texts", {})
        for text in message_texts(node):
            texts[id(text)] = text  # the node is kept, so its id is not reused
        return id(node) in texts or skip_before(self, node)

    MutationVisitor._skip_node_and_children = skip_node_and_children


def modules_named(arguments: list[str]) -> list[str]:
    """The source files of the modules that `mutmut run`'s mutant names choose, in order.

    A name is a module's dotted path and then ``*`` or a function's mutants
    (``boggle.board.*``, ``boggle.solver.x_check_faces__mutmut_*``); other arguments
    (options and their values) are not names.
    """
    files: list[str] = []
    for argument in arguments:
        match = re.fullmatch(r"((?:\w+\.)*\w+)\.(?:\*|x[_ǁ].*)", argument)
        if match:
            file = match.group(1).replace(".", "/") + ".py"
            if file not in files:
                files.append(file)
    return files


def mutate_only(files: list[str]) -> None:
    """Narrow mutmut's `only_mutate` to ``files``, each of which it must already allow."""
    from mutmut.configuration import config

    settings = config()
    outside = [file for file in files if not settings.should_mutate(file)]
    if outside:
        sys.exit(f"not mutated by [tool.mutmut] in pyproject.toml: {', '.join(outside)}")
    settings.only_mutate = files


def main() -> None:
    leave_message_texts_alone()
    if sys.argv[1:2] == ["run"]:
        files = modules_named(sys.argv[2:])
        if files:
            mutate_only(files)
    from mutmut.__main__ import cli

    cli()


if __name__ == "__main__":
    main()
