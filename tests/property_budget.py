"""How many examples a property test tries: its own number, or few under mutation testing.

mutmut runs the tests that reach a changed function once for each of its mutants,
well over a thousand runs in all; a property test's hundreds of examples are what make
that take hours. A mutant that changes behaviour almost always fails in the first few
examples, so while mutmut runs (it sets ``MUTANT_UNDER_TEST``, also while it maps tests
to functions) each property test tries at most ``MUTATION_EXAMPLES``. ``make test``
and CI never set it and run every example.
"""

from __future__ import annotations

import os

UNDER_MUTATION = bool(os.environ.get("MUTANT_UNDER_TEST"))
MUTATION_EXAMPLES = 20


def examples(wanted: int) -> int:
    """The number of examples to try: ``wanted``, or at most MUTATION_EXAMPLES under mutmut."""
    return min(wanted, MUTATION_EXAMPLES) if UNDER_MUTATION else wanted
