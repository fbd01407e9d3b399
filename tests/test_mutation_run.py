"""`make mutate`'s entry point: the words of messages left alone, the engine held to its tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("mutmut", reason="mutmut is a development requirement (make mutate)")

import mutation_run
from mutmut.mutation.file_mutation import MutationVisitor, create_mutations

SOURCE = """
def refuse(row, cells):
    if cells > 1:
        return ngettext(
            "row %(row)s has %(num)s cell", "row %(row)s has %(num)s cells", cells, row=row + 1
        )
    return _("row %(row)s is " "empty", row=row - 1) + "!"
"""
#: The message texts in SOURCE, whole and in parts.
TEXTS = {
    '"row %(row)s has %(num)s cell"',
    '"row %(row)s has %(num)s cells"',
    '"row %(row)s is " "empty"',
    '"row %(row)s is "',
    '"empty"',
}


def mutants(source: str) -> list[tuple[str, str]]:
    """(original, mutated) code of each mutant mutmut makes of ``source``."""
    import libcst as cst

    module = cst.parse_module("")
    _tree, mutations, _classes, _functions = create_mutations("example.py", source)
    return [
        (module.code_for_node(m.original_node), module.code_for_node(m.mutated_node))
        for m in mutations
    ]


@pytest.fixture
def words_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # Put mutmut's own method back after the test, whatever the script does to it.
    monkeypatch.setattr(
        MutationVisitor, "_skip_node_and_children", MutationVisitor._skip_node_and_children
    )
    mutation_run.leave_message_texts_alone()


def test_mutmut_alone_changes_the_words_of_messages() -> None:
    originals = {original for original, _mutated in mutants(SOURCE)}
    assert '"row %(row)s has %(num)s cell"' in originals
    assert '"row %(row)s has %(num)s cells"' in originals
    assert originals & {'"row %(row)s is " "empty"', '"row %(row)s is "', '"empty"'}


@pytest.mark.usefixtures("words_left_alone")
def test_the_words_of_messages_are_not_mutated_and_everything_else_is() -> None:
    found = mutants(SOURCE)
    originals = {original for original, _mutated in found}
    assert not originals & TEXTS, originals
    # The values a message names, the count, the call and the code around: still mutated.
    changes = set(found)
    assert ("row + 1", "row - 1") in changes
    assert ("row - 1", "row + 1") in changes
    assert (" > 1", " >= 1") in changes
    assert ('"!"', '"XX!XX"') in changes
    assert any(m.startswith("ngettext(") and "row=None" in m for _original, m in found)
    assert any(mutated.startswith("_(None, ") for _original, mutated in found)


def test_only_translation_calls_positional_texts_are_messages() -> None:
    import libcst as cst

    def texts(code: str) -> list[str]:
        node = cst.parse_expression(code)
        return [cst.parse_module("").code_for_node(t) for t in mutation_run.message_texts(node)]

    assert texts('_("a", b="c")') == ['"a"']
    assert texts('ngettext("one", "two", n, what="x")') == ['"one"', '"two"']
    assert texts('N_("a" "b")') == ['"a" "b"']
    assert texts('print("a")') == []
    assert texts('self._("a")') == []  # a method of that name is not the translation call
    assert texts("_(text)") == []


def test_a_run_mutates_only_the_modules_its_mutant_names_choose() -> None:
    arguments = [
        "--max-children",
        "2",
        "boggle.board.*",
        "boggle.solver.x_check_faces__mutmut_*",
        "boggle.board.xǁBoardǁ__post_init__*",
        "web.params.*",
    ]
    assert mutation_run.modules_named(arguments) == [
        "boggle/board.py",
        "boggle/solver.py",
        "web/params.py",
    ]
    assert mutation_run.modules_named(["--max-children", "2"]) == []


def test_a_module_the_settings_do_not_mutate_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from mutmut.configuration import config

    settings = config()
    monkeypatch.setattr(settings, "only_mutate", list(settings.only_mutate))
    with pytest.raises(SystemExit, match=r"app\.py"):
        mutation_run.mutate_only(["boggle/board.py", "app.py"])
    mutation_run.mutate_only(["boggle/scoring.py"])
    assert settings.should_mutate("boggle/scoring.py")
    assert not settings.should_mutate("boggle/board.py")


def test_a_mutants_tests_run_in_two_rounds_the_rest_only_when_the_first_passes() -> None:
    sessions: list[list[str]] = []

    def run(exit_codes: list[int]) -> Callable[[list[str]], int]:
        """A pytest session that records its tests and answers the next exit code."""
        answers = iter(exit_codes)

        def session(tests: list[str]) -> int:
            sessions.append(tests)
            return next(answers)

        return session

    tests = ["t1", "t2", "t3", "t4", "t5"]
    assert mutation_run.in_rounds(run([0, 1]), tests, 2) == 1
    assert sessions == [["t1", "t2"], ["t3", "t4", "t5"]]
    sessions.clear()
    assert mutation_run.in_rounds(run([0, 0]), tests, 2) == 0
    assert sessions == [["t1", "t2"], ["t3", "t4", "t5"]]
    sessions.clear()
    assert mutation_run.in_rounds(run([1]), tests, 2) == 1
    assert sessions == [["t1", "t2"]]
    sessions.clear()
    # Never a session of no tests, which mutmut's runner reads as every test.
    assert mutation_run.in_rounds(run([0]), tests[:2], 2) == 0
    assert mutation_run.in_rounds(run([0]), tests[:1], 2) == 0
    assert sessions == [["t1", "t2"], ["t1"]]


def test_only_mutants_runs_are_split_into_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    from mutmut.runners.harness import PytestRunner

    calls: list[tuple[str | None, list[str]]] = []

    def run_tests(self: PytestRunner, *, mutant_name: str | None, tests: list[str]) -> int:
        calls.append((mutant_name, list(tests)))
        return 0

    monkeypatch.setattr(PytestRunner, "run_tests", run_tests)
    mutation_run.run_mutants_in_rounds(first=2)
    runner = PytestRunner.__new__(PytestRunner)
    assert runner.run_tests(mutant_name="m__mutmut_1", tests=["a", "b", "c"]) == 0
    assert calls == [("m__mutmut_1", ["a", "b"]), ("m__mutmut_1", ["c"])]
    calls.clear()
    # The unmutated runs (the clean run, the forced failure with every test) stay whole.
    runner.run_tests(mutant_name=None, tests=["a", "b", "c"])
    runner.run_tests(mutant_name=None, tests=[])
    assert calls == [(None, ["a", "b", "c"]), (None, [])]


def test_the_clean_run_is_left_out_only_after_every_test_just_passed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import mutmut.__main__ as mutmut_main
    from mutmut.workers.isolation import ForkRunner

    runs: list[str] = []
    monkeypatch.setattr(
        mutmut_main, "run_stats_collection", lambda runner, tests=None: runs.append("stats")
    )
    monkeypatch.setattr(
        ForkRunner, "run_clean_tests", lambda self, tests: runs.append("clean") or 0
    )
    mutation_run.check_unmutated_tests_once()
    runner = ForkRunner.__new__(ForkRunner)
    assert runner.run_clean_tests(["a"]) == 0
    mutmut_main.run_stats_collection(runner, tests={"new"})  # only the tests added since
    assert runner.run_clean_tests(["a"]) == 0
    assert runs == ["clean", "stats", "clean"]
    mutmut_main.run_stats_collection(runner)  # every test, passed (it exits otherwise)
    assert runner.run_clean_tests(["a"]) == 0
    assert runs == ["clean", "stats", "clean", "stats"]


def test_the_engines_mutants_run_only_the_engines_tests_in_mutmuts_order() -> None:
    tests = [
        "tests/test_board.py::test_a[4x4]",
        "tests/test_api.py::test_solve",
        "tests/test_solver.py::test_b",
        "tests/test_board_text_parity.py::test_c",
        "tests/test_page.py::test_board",
    ]
    engine = [tests[0], tests[2], tests[3]]
    for module in ("board", "solver", "dice", "scoring"):
        assert mutation_run.own_tests(f"boggle.{module}.x_f__mutmut_1", tests) == engine
    method = "boggle.board.xǁBoardǁ__post_init____mutmut_2"
    assert mutation_run.own_tests(method, tests) == engine


def test_other_mutants_and_those_the_engine_never_reaches_keep_every_test() -> None:
    tests = ["tests/test_params.py::test_a", "tests/test_board.py::test_b"]
    for name in (
        "web.params.x_read_flag__mutmut_1",
        "web.body.x_discard_body__mutmut_1",
        "games.rooms.xǁRoomsǁsubmit__mutmut_1",
        "boggle.dictionary.x_load__mutmut_1",
    ):
        assert mutation_run.own_tests(name, tests) == tests
    # Left with none, mutmut's runner would run the whole suite: its tests are kept.
    web_only = ["tests/test_api.py::test_solve", "tests/test_page.py::test_board"]
    assert mutation_run.own_tests("boggle.board.x_f__mutmut_1", web_only) == web_only


def test_the_engines_test_files_exist_and_mutmut_runs_them() -> None:
    from mutmut.configuration import config

    root = Path(__file__).resolve().parent.parent
    ignored = {
        argument.removeprefix("--ignore=")
        for argument in config().pytest_add_cli_args_test_selection
        if argument.startswith("--ignore=")
    }
    assert mutation_run.ENGINE_TESTS
    for file in mutation_run.ENGINE_TESTS:
        assert (root / file).is_file(), file
        assert file not in ignored, file
    modules = {"boggle.board", "boggle.dice", "boggle.scoring", "boggle.solver"}
    assert set(mutation_run.OWN_TESTS) == modules


def test_a_run_with_every_test_gives_the_engines_mutants_every_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mutmut.runners.harness import PytestRunner

    calls: list[list[str]] = []

    def run_tests(self: PytestRunner, *, mutant_name: str | None, tests: list[str]) -> int:
        calls.append(list(tests))
        return 0

    tests = [
        "tests/test_api.py::test_solve",
        "tests/test_board.py::test_b",
        "tests/test_page.py::p",
    ]
    runner = PytestRunner.__new__(PytestRunner)
    monkeypatch.setattr(PytestRunner, "run_tests", run_tests)
    mutation_run.run_mutants_in_rounds(first=2)
    runner.run_tests(mutant_name="boggle.board.x_f__mutmut_1", tests=tests)
    runner.run_tests(mutant_name="web.params.x_f__mutmut_1", tests=tests)
    assert calls == [["tests/test_board.py::test_b"], tests[:2], tests[2:]]
    calls.clear()
    monkeypatch.setattr(PytestRunner, "run_tests", run_tests)
    mutation_run.run_mutants_in_rounds(first=2, every_test=True)
    runner.run_tests(mutant_name="boggle.board.x_f__mutmut_1", tests=tests)
    assert calls == [tests[:2], tests[2:]]
