#!/bin/sh
# Interface-kit benchmark: time per frame of a 10,000-row list and of a screen with an open
# popover at 1920x1080 on SDL's software renderer (offscreen driver). Prints figures only.
set -eu
cd "$(dirname "$0")/.."
. scripts/private-home.sh
swift build -c release --product podium-bench-kit >/dev/null
SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software .build/release/podium-bench-kit
