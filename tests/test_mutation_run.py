"""`make mutate`'s entry point leaves the words of messages alone, and nothing else."""

from __future__ import annotations

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
