#!/usr/bin/env bash
# Fuzzes every parser of outside input with libFuzzer (the toolchain's -sanitize=fuzzer) and
# AddressSanitizer, each for SECONDS (default 30), starting from the committed seed corpus in
# Tests/Fuzz/Corpus/TARGET and the shipped files Tests/Fuzz/seeds.txt lists. A crash stops the run with its reproducer saved in
# Tests/Fuzz/Crashes/TARGET/; commit it, fix the bug, and FuzzCorpusTests replays it for good.
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}; shift || true
swift=$(command -v swift || echo /opt/swift/usr/bin/swift)
# A build of its own: instrumented objects must not mix with the normal debug build.
mkdir -p .build
if ! "$swift" build --scratch-path .build/fuzz --product podium-fuzz --sanitize fuzzer --sanitize address -Xswiftc -DFUZZING > .build/fuzz-build.log 2>&1; then
  grep -E "error" .build/fuzz-build.log | head -20; exit 1
fi
bin=.build/fuzz/debug/podium-fuzz
# Leak reports would be Foundation's own caches; memory growth is caught by -rss_limit_mb.
export ASAN_OPTIONS=detect_leaks=0
targets=("$@"); [ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(ls Tests/Fuzz/Corpus)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
failed=0
for t in "${targets[@]}"; do
  mkdir -p "$work/$t" "Tests/Fuzz/Crashes/$t"
  # Shipped files that seed this target too (Tests/Fuzz/seeds.txt), so the corpus never keeps copies.
  awk -v t="$t" '$1 == t { print $2 }' Tests/Fuzz/seeds.txt | while read -r f; do cp "$f" "$work/$t/"; done
  # New inputs go to a scratch corpus; the committed seeds are only read.
  if PODIUM_FUZZ_TARGET=$t "$bin" "$work/$t" "Tests/Fuzz/Corpus/$t" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
       -rss_limit_mb=2048 -detect_leaks=0 -artifact_prefix="Tests/Fuzz/Crashes/$t/" -print_final_stats=1 > "$work/$t.log" 2>&1; then
    echo "fuzz $t: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$t.log" | grep -o '[0-9]*$') runs in ${seconds} s, no crash"
  else
    echo "fuzz $t: FAILED"; grep -E "ERROR|Fatal|SUMMARY|artifact" "$work/$t.log" | head -8; failed=1
  fi
done
exit $failed
