"""Schemathesis holds the API to its OpenAPI document: every operation, every phase.

The run (tests/api_fuzz.py) is bounded for the suite: a fixed seed, SUITE_EXAMPLES
examples an operation and SUITE_STEPS steps a stateful scenario, in a minute or two;
`make fuzz-api` runs the same for longer. A failure prints Schemathesis's report: the
request that broke the rule, and a curl line to send it again.
"""

from __future__ import annotations

import copy
import re
import time
from pathlib import Path

import pytest
from api_fuzz import CHECKS, SUITE_EXAMPLES, SUITE_SECONDS, fuzz_app, run

from boggle import Catalog

pytestmark = pytest.mark.slow


def test_every_operation_keeps_to_the_document_under_the_fuzzer(
    cache_dir: Path, tmp_path: Path
) -> None:
    # Word lists of its own, every one loaded: the session's are left as they were.
    app = fuzz_app(tmp_path, CACHE_DIR=str(cache_dir))
    operations = sum(
        len(methods) for methods in app.test_client().get("/openapi.json").json["paths"].values()
    )
    result = run(app)
    report = result.report
    assert result.returncode == 0, report
    # Every operation was tested (but the document's own, which Schemathesis reads
    # rather than tests), in every phase, the rooms' links followed.
    assert f"Tested: {operations - 1}" in report, report
    for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):
        assert f"✅  {phase}" in report, report
    covered = re.search(r"API Links:\s+(\d+) covered", report)
    assert covered and int(covered[1]) >= 5, report
    generated = [int(n) for n in re.findall(r"(\d+) generated, \1 passed", report)]
    assert len(generated) == 2 and generated[0] >= operations * SUITE_EXAMPLES // 2, report


def test_the_fuzzer_finds_an_answer_its_schema_does_not_describe(
    catalog: Catalog, cache_dir: Path, tmp_path: Path
) -> None:
    # The run must be able to fail: a document that forgets one field of /solve's answer
    # (strict schemas take no field they do not name) is caught at the first example.
    app = fuzz_app(tmp_path, catalog, CACHE_DIR=str(cache_dir), PRELOAD_DICTIONARIES="")
    spec = copy.deepcopy(app.test_client().get("/openapi.json").json)
    del spec["components"]["schemas"]["Solution"]["properties"]["elapsed_ms"]
    spec["components"]["schemas"]["Solution"]["required"].remove("elapsed_ms")
    spec["paths"] = {"/solve": spec["paths"]["/solve"]}
    app.extensions["boggle.openapi"] = spec
    result = run(app, examples=1, phases=("examples",))
    report = result.report
    assert result.returncode == 1, report
    assert "Response violates schema" in report, report
    assert "elapsed_ms" in report, report
    assert "response_schema_conformance" in CHECKS


def test_the_fuzzer_finds_a_header_the_document_promises_and_the_answer_lacks(
    catalog: Catalog, cache_dir: Path, tmp_path: Path
) -> None:
    # The headers are held too: a room's answer said to carry one it never sends fails.
    app = fuzz_app(tmp_path, catalog, CACHE_DIR=str(cache_dir), PRELOAD_DICTIONARIES="")
    spec = copy.deepcopy(app.test_client().get("/openapi.json").json)
    room = spec["paths"]["/rooms/{code}"]["get"]
    room["responses"]["200"]["headers"]["X-Round-Clock"] = {
        "required": True,
        "schema": {"type": "string"},
    }
    spec["paths"] = {"/rooms/{code}": {"get": room}}
    app.extensions["boggle.openapi"] = spec
    result = run(app, examples=1, phases=("examples",))
    report = result.report
    assert result.returncode == 1, report
    assert "X-Round-Clock" in report, report
    assert "response_headers_conformance" in CHECKS


def test_a_run_past_its_bound_is_stopped_and_fails(
    catalog: Catalog, cache_dir: Path, tmp_path: Path
) -> None:
    # The suite's run has a bound on its time, so a hang fails the test, never CI's clock.
    app = fuzz_app(tmp_path, catalog, CACHE_DIR=str(cache_dir), PRELOAD_DICTIONARIES="")
    started = time.monotonic()
    result = run(app, phases=("examples",), seconds=0.5)
    assert time.monotonic() - started < SUITE_SECONDS / 10
    assert result.returncode == 1, result.report
    assert "still going after its bound" in result.report
