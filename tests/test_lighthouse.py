"""Lighthouse on every page, as a phone on a slow network gets it from the production
recipe (gzip on, a real room created): each holds still (cumulative layout shift at
most 0.05), scores 100 for accessibility and at least 95 for performance. Performance
is CPU time, which a shared machine's load moves by 20 points from run to run, so a
page short of it is audited twice more and held to the median of its three scores, as
Lighthouse's own guidance on variability advises (see HELD_BY_TESTS).

One Chromium audits every page in turn (benchmarks/lighthouse_pages.py, which also
records the figures); a page that falls short fails its own test, naming the audits
that fell short and what moved. Without node, Lighthouse (npm ci), Chromium or nginx
the tests are skipped, unless ``BOGGLE_REQUIRE_BROWSER=1`` (as in CI), when they fail.
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
            runs = [first.scores["performance"]]
            runs += [
                audit(base, [page])[0].scores["performance"] for _ in range(PERFORMANCE_RUNS - 1)
            ]
            median = sorted(runs)[len(runs) // 2]
            audits[page.name] = replace(first, scores={**first.scores, "performance": median})
        return audits


def test_every_page_of_the_list_is_audited(audits: dict[str, Audit]) -> None:
    assert list(audits) == PAGE_NAMES
    # Served compressed, as the recipe serves them: no page weighs 200 KiB.
    assert all(0 < result.bytes < 200 * 1024 for result in audits.values()), {
        name: result.bytes for name, result in audits.items()
    }


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_the_page_holds_still_and_is_accessible(audits: dict[str, Audit], name: str) -> None:
    failures = audits[name].failures(HELD_BY_TESTS)
    assert not failures, "\n".join(failures)
