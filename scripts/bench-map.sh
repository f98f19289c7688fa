#!/usr/bin/env bash
# Map-search figures: time to build and draw a full 1920x1080 map frame (offscreen SDL, software
# renderer) and to answer searches, medians in ms; memory before and after panning the online map
# for PODIUM_BENCH_SECONDS (default 60). Prints figures, never pass/fail.
#   scripts/bench-map.sh            release build (what users run)
#   CONFIG=debug scripts/bench-map.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
CONFIG=${CONFIG:-release}
PODIUM_BENCH=1 SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software \
  "$SWIFT" test -c "$CONFIG" --filter 'MapBenchmarkTests|MapPanMemoryBenchmarkTests' 2>&1 | grep '^map-bench:' | sed "s/^map-bench: /[$CONFIG] /"
