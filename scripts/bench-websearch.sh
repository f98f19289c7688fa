#!/usr/bin/env bash
# Web-search scene figures: index 1,000 generated band pages with SQLite FTS5, then time queries.
# Prints figures (never pass/fail). Debug build: SQLite itself is optimised C, the Swift text
# extraction is not, so indexing figures are an upper bound.
#   scripts/bench-websearch.sh [DOCS]    (default 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
"$SWIFT" build --build-tests >/dev/null 2>&1
WEBSEARCH_BENCH_DOCS=${1:-1000} "$SWIFT" test --skip-build --filter 'IndexBenchmark|OnlineBenchmark' 2>&1 | grep '^websearch:'
