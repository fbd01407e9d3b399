"""Lighthouse on every page, as a phone on a slow network gets it from the production
recipe (gzip on, a real room created): each holds still (cumulative layout shift at
most 0.05), scores 100 for accessibility and at least 95 for performance.

Performance is CPU time. Lighthouse's simulated phone is the host's CPU slowed 4 times,
a factor meant for a fast host, so each audit calibrates it to the host first, as
Lighthouse's documentation advises (tests/js/lighthouse_slowdown.mjs): the same phone on
a slow or busy machine as on a fast one. Other work on a shared machine only ever
lowers a score (it lengthens the page's tasks, never shortens them), so a page short of
95 is audited again, up to five runs in all, and held to its best: the closest to the
page's own cost, as the least of repeated timings is (see HELD_BY_TESTS). A page that
really grew slower falls short in every run.

One Chromium audits every page in turn (benchmarks/lighthouse_pages.py, which also
records the figures); a page that falls short fails its own test, naming the audits
that fell short, what moved, and the host's speed and slowdown it was audited with.
Without node, Lighthouse (npm ci), Chromium or nginx the tests are skipped, unless
``BOGGLE_REQUIRE_BROWSER=1`` (as in CI), when they fail.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

from benchmarks.lighthouse_pages import (
    HELD_BY_TESTS,
    PAGE_NAMES,
    PERFORMANCE_RUNS,
    THRESHOLDS,
    Audit,
    audit,
    missing,
    pages,
    production,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def audits() -> dict[str, Audit]:
    """Every page's audit, by name: one recipe, one Chromium."""
    reason = missing()
    if reason and os.environ.get("BOGGLE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}; BOGGLE_REQUIRE_BROWSER=1 needs Lighthouse to run")
    if reason:
        pytest.skip(reason)
    with production() as base:
        chosen = pages(base)
        audits = {result.name: result for result in audit(base, chosen)}
        least = THRESHOLDS["performance"]
        for page in chosen:
            first = audits[page.name]
            if first.scores["performance"] >= least:
                continue
            best = first
            for _ in range(PERFORMANCE_RUNS - 1):
                run = audit(base, [page])[0]
                if run.scores["performance"] > best.scores["performance"]:
                    best = run
                if best.scores["performance"] >= least:
                    break
            # The first run is held to everything else; its performance is the best run's.
            audits[page.name] = replace(
                first,
                scores={**first.scores, "performance": best.scores["performance"]},
                short=[a for a in first.short if a["category"] != "performance"]
                + [a for a in best.short if a["category"] == "performance"],
                host_index=best.host_index,
                cpu_slowdown=best.cpu_slowdown,
            )
        return audits


def test_every_page_of_the_list_is_audited(audits: dict[str, Audit]) -> None:
    assert list(audits) == PAGE_NAMES
    # Each audit measured its host and slowed the CPU by 4 at most, 1 at least.
    assert all(
        result.host_index > 0 and 1 <= result.cpu_slowdown <= 4 for result in audits.values()
    ), {name: (result.host_index, result.cpu_slowdown) for name, result in audits.items()}
    # Served compressed, as the recipe serves them: no page weighs 200 KiB.
    assert all(0 < result.bytes < 200 * 1024 for result in audits.values()), {
        name: result.bytes for name, result in audits.items()
    }


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_the_page_holds_still_and_is_accessible(audits: dict[str, Audit], name: str) -> None:
    failures = audits[name].failures(HELD_BY_TESTS)
    assert not failures, "\n".join(failures)
