#!/usr/bin/env bash
# Prints one plain closing line, "N passed, N failed, N skipped", from XCTest's final summary in
# a `swift test` log (the suite is XCTest only; Swift Testing is disabled in `make test`).
set -euo pipefail
line=$(grep -E "Executed [0-9]+ tests?, with" "$1" | tail -1 || true)
[ -n "$line" ] || { echo "0 passed, 0 failed (no XCTest summary in $1)"; exit 0; }
total=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$line")
failed=$(sed -E 's/.* ([0-9]+) failures?.*/\1/' <<<"$line")
skipped=$(grep -oE "[0-9]+ tests? skipped" <<<"$line" | grep -oE "^[0-9]+" || echo 0)
echo "$((total - failed - skipped)) passed, $failed failed, $skipped skipped"
