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

And it spends less on each mutant, checking the same:

- a mutant's tests run in two rounds, the fastest ``FIRST_ROUND`` first (mutmut orders
  them fastest first) and the rest only if those all pass. pytest collects every test it
  is given before it runs the first, and a function the web layer reaches is reached by
  up to 900 tests: most mutants fail one of the fastest few, after collecting hundreds
  they never run. A mutant that survives runs every test, as before, one session more.
- mutmut runs the tests once to learn which tests reach which function, and then again,
  unmutated, to check they pass ("Running clean tests"). After a first run of every test
  that passed, the second checks nothing new and took minutes (`make mutate` always
  starts afresh), so it is left out then; a run that reuses mutants/ still makes it.

- the engine's mutants (board, solver, dice, scoring) run against the engine's own tests
  (``OWN_TESTS``), not every test that reaches them: those functions are reached by the
  web tests too, up to 900 tests a survivor runs, each building an app, and the last
  whole run missed its 30 minutes on them. The engine's tests call it directly, and a
  mutant they miss that a web test would catch is a gap in them, filled there
  (docs/development.md). ``--every-test`` turns this off, to check a run's survivors
  against every test that reaches them.

mutmut has no setting for any of these, so this script adds them to mutmut before
handing over to its command line, and refuses to run on any other mutmut than the
pinned one, whose internals it was written against.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from importlib.metadata import version

import libcst as cst

#: The version in requirements-dev.txt, the one whose internals this script extends.
PINNED_MUTMUT = "3.8.1"
#: The interface's translation calls (boggle/i18n.py, Flask-Babel in the web layer).
MESSAGE_CALLS = frozenset({"_", "ngettext", "N_"})
#: How many of a mutant's fastest tests run before the others are collected.
FIRST_ROUND = 40
#: The test files that call the engine directly, in-process, not through HTTP: the tests
#: of boggle/ module by module, and the page script's board text held against the parser.
ENGINE_TESTS = frozenset(
    f"tests/test_{name}.py"
    for name in (
        "board",
        "board_text_parity",
        "cachefile",
        "catalog",
        "dice",
        "dictionary",
        "gate",
        "gate_shared",
        "language_dice",
        "languages",
        "morphology",
        "native",
        "ratings",
        "rich",
        "rules",
        "score_game",
        "scoring",
        "solver",
        "spellings",
        "standings",
        "summary",
        "watchdog",
        "wording",
        "words_json",
        "written_words",
    )
)
#: The only test files that may kill a module's mutants, for the modules whose functions
#: the web tests reach too. Every search, board and score of the web layer goes through
#: these four, so each of their mutants was run against up to 900 tests, most of them
#: building an app for an HTTP request, where the engine's own tests ask the same
#: directly; a survivor ran them all. What a web test alone would catch is a gap in the
#: engine's tests, and a run with ``--every-test`` finds it (docs/development.md). The
#: web modules' and the rooms' mutants keep every test that reaches them.
OWN_TESTS: dict[str, frozenset[str]] = {
    "boggle.board": ENGINE_TESTS,
    "boggle.dice": ENGINE_TESTS,
    "boggle.scoring": ENGINE_TESTS,
    "boggle.solver": ENGINE_TESTS,
}
#: The option of `run` that gives every mutant every test that reaches it.
EVERY_TEST = "--every-test"


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


def check_mutmut_version() -> None:
    """Stop unless the installed mutmut is the one whose internals this script extends."""
    installed = version("mutmut")
    if installed != PINNED_MUTMUT:
        sys.exit(
            f"tests/mutation_run.py was written for mutmut {PINNED_MUTMUT}, not {installed}: "
            "check that MutationVisitor._skip_node_and_children still decides what is "
            "mutated, PytestRunner.run_tests runs a mutant's tests, and run_stats_collection "
            "and ForkRunner.run_clean_tests run the unmutated ones, then update PINNED_MUTMUT"
        )


def leave_message_texts_alone() -> None:
    """Make mutmut's visitor skip the texts of translation calls (and what is inside them)."""
    from mutmut.mutation.file_mutation import MutationVisitor

    skip_before = MutationVisitor._skip_node_and_children

    def skip_node_and_children(self: MutationVisitor, node: cst.CSTNode) -> bool:
        # A call is visited before its arguments, so its texts are known when reached.
        texts: dict[int, cst.CSTNode] = self.__dict__.setdefault("_message_texts", {})
        for text in message_texts(node):
            texts[id(text)] = text  # the node is kept, so its id is not reused
        return id(node) in texts or skip_before(self, node)

    MutationVisitor._skip_node_and_children = skip_node_and_children


def in_rounds(run: Callable[[list[str]], int], tests: Iterable[str], first: int) -> int:
    """Run the ``first`` tests, then the rest if those passed; the exit code that decides.

    ``run`` is one pytest session over the tests it is given; it is never given none
    (mutmut's runner reads no tests as every test).
    """
    tests = list(tests)
    exit_code = run(tests[:first])
    if exit_code != 0 or len(tests) <= first:
        return exit_code
    return run(tests[first:])


def own_tests(
    mutant_name: str, tests: Iterable[str], own: dict[str, frozenset[str]] = OWN_TESTS
) -> list[str]:
    """Of the tests that reach a mutant, those of the files its module is held to (``own``).

    A mutant is named by its module's dotted path and then its function
    (``boggle.board.x__parse__mutmut_3``, ``boggle.board.xǁBoardǁ__post_init____mutmut_2``);
    a test by its file and then its name (``tests/test_board.py::test_x[4x4]``). Order is
    kept (mutmut's, fastest first). A module not in ``own`` keeps every test, and so does
    a mutant none of whose tests is of those files: its function is reached only from
    elsewhere, and left with no test mutmut's runner would run the whole suite.
    """
    tests = list(tests)
    files = own.get(mutant_name.rpartition(".")[0])
    if files is None:
        return tests
    kept = [test for test in tests if test.partition("::")[0] in files]
    return kept or tests


def run_mutants_in_rounds(first: int = FIRST_ROUND, *, every_test: bool = False) -> None:
    """Make each mutant's tests run in two rounds (in_rounds); unmutated runs stay whole.

    Unless ``every_test``, a mutant of the engine runs only the engine's tests (own_tests).
    """
    from mutmut.runners.harness import PytestRunner

    run_before = PytestRunner.run_tests

    def run_tests(self: PytestRunner, *, mutant_name: str | None, tests: Iterable[str]) -> int:
        tests = list(tests)
        if mutant_name is None or not tests:
            return run_before(self, mutant_name=mutant_name, tests=tests)
        if not every_test:
            tests = own_tests(mutant_name, tests)
        return in_rounds(
            lambda part: run_before(self, mutant_name=mutant_name, tests=part), tests, first
        )

    PytestRunner.run_tests = run_tests


def check_unmutated_tests_once() -> None:
    """Skip mutmut's clean run of the tests when its first run of every test just passed."""
    import mutmut.__main__ as mutmut_main
    from mutmut.workers.isolation import ForkRunner

    collect_before = mutmut_main.run_stats_collection
    clean_before = ForkRunner.run_clean_tests
    passed: list[bool] = []

    def run_stats_collection(runner: object, tests: Iterable[str] | None = None) -> None:
        collect_before(runner, tests)  # it exits when a test fails
        if not tests:  # no tests named: every test ran
            passed.append(True)

    def run_clean_tests(self: ForkRunner, tests: Iterable[str]) -> int:
        if passed:
            print("    the unmutated tests passed in the run before: not run again")
            return 0
        return clean_before(self, tests)

    mutmut_main.run_stats_collection = run_stats_collection
    ForkRunner.run_clean_tests = run_clean_tests


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
    check_mutmut_version()
    leave_message_texts_alone()
    if sys.argv[1:2] == ["run"]:
        every_test = EVERY_TEST in sys.argv
        if every_test:  # this script's option, not mutmut's
            sys.argv.remove(EVERY_TEST)
        files = modules_named(sys.argv[2:])
        if files:
            mutate_only(files)
        run_mutants_in_rounds(every_test=every_test)
        check_unmutated_tests_once()
    from mutmut.__main__ import cli

    cli()


if __name__ == "__main__":
    main()
