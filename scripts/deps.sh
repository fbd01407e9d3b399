#!/usr/bin/env bash
# Install every Debian package the whole test suite needs, so that nothing skips:
# `make deps` runs it on a developer's machine and .ci/run on CI's, so the list cannot
# drift between the two. As root, or through sudo. Python's own packages come from the
# pinned requirements files (make test), ESLint from package-lock.json (npm ci).
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Each package, and what needs it (the README's table says what skips without it):
#   chromium          the browser tests (tests/browser), driven by Playwright
#   scowl             the English lists' rebuild check (wordlists/rebuild.py)
#   wordnet-base      the definitions' rebuild check (wordlists/rebuild_definitions.py)
#   wngerman, hunspell-de-de, wfrench, wspanish, witalian, wdutch, hunspell-es,
#   hunspell-tools    the other languages' lists and dice: their rebuild checks
#                     (hunspell-de-de's flags tell German names from nouns; hunspell-es
#                     is Spanish's Hunspell dictionary, expanded into every plural and
#                     verb form by hunspell-tools' unmunch for the Spanish list's rebuild)
#   hunspell, hunspell-fr-classical
#                     Hunspell's stemmer, which resolves the German and French lists'
#                     forms the lemmatiser leaves to their lemmas for the definitions'
#                     rebuild (wordlists/rebuild_glosses.py, with hunspell-de-de and
#                     hunspell-fr-classical's French dictionary)
#   nginx             the production recipe's tests (tests/test_production.py)
#   postgresql        the room tests on PostgreSQL (tests/rooms_db.py starts a cluster)
#   gcc, python3-dev  the native search core (boggle/_native.c, built by pip install -e .)
#   openssl           the self-signed certificate of the recipe's test over TLS
#   clang-14, lld-14, wasi-libc, libclang-rt-14-dev-wasm32
#                     the page's search, boggle/walk.c built to WebAssembly: the check
#                     that static/wasm/walk.wasm is what its sources build (make wasm)
PACKAGES=(
  chromium
  scowl wordnet-base
  wngerman hunspell-de-de wfrench wspanish witalian wdutch hunspell-es hunspell-tools
  hunspell hunspell-fr-classical
  nginx postgresql
  gcc python3-dev
  openssl
  clang-14 lld-14 wasi-libc libclang-rt-14-dev-wasm32
)

export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq
as_root apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
# node runs the page scripts' tests and npm installs ESLint (make lint). A machine with
# node from elsewhere (which ships its own npm) keeps it; Debian's are installed otherwise.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  as_root apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
echo "deps: ${PACKAGES[*]} installed; node $(node --version), npm $(npm --version)"
