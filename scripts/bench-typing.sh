#!/bin/sh
# Typing benchmark: time per key (key + one frame) typed at the end of a text view and of a text
# field holding 1,000, 2,000 and 8,000 characters, on SDL's software renderer (offscreen driver),
# and the Pango layouts made per key. Prints figures only (podium-bench-kit's typing scene).
set -eu
cd "$(dirname "$0")/.."
. scripts/private-home.sh
swift build -c release --product podium-bench-kit >/dev/null
SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software BENCH_ONLY=typing .build/release/podium-bench-kit
