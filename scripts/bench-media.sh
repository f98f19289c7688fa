#!/usr/bin/env bash
# Media scene figures (printed, never pass/fail): a 1920x1080 30 fps VP8 clip (GStreamer's moving
# ball, made here with gst-launch-1.0) played to its end on SDL's offscreen driver with the
# software renderer, audio to a fakesink:
#   - frames shown and skipped (a newer frame came before the main thread took the last one),
#     and the time from `next` to the first new video frame, from the scene's log line;
#   - podium's CPU over the clip (user + system, from /proc), as a share of one core.
#   scripts/bench-media.sh [SECONDS]     (default 60; uses the release build if there is one)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
bin=${PODIUM:-.build/release/podium}; [ -x "$bin" ] || bin=.build/debug/podium
[ -x "$bin" ] || { echo "build podium first (swift build -c release)" >&2; exit 1; }
work=$(mktemp -d); pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share \
       XDG_STATE_HOME=$work/home/.local/state XDG_CACHE_HOME=$work/home/.cache
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME"

echo "media: encoding a ${secs} s 1080p30 clip..."
gst-launch-1.0 -q videotestsrc pattern=ball num-buffers=$((secs * 30)) \
  ! video/x-raw,width=1920,height=1080,framerate=30/1 ! vp8enc deadline=1 cpu-used=16 threads=2 \
  ! webmmux ! filesink location="$work/clip.webm"
cat > "$work/talk.json" <<JSON
{"title": "Bench", "scenes": [{"kind": "title", "parameters": {"heading": "Before"}},
  {"kind": "media", "parameters": {"file": "clip.webm"}}]}
JSON

sock=$work/podium.sock
SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software PODIUM_AUDIO=null \
  "$bin" present --control "unix:$sock" "$work/talk.json" > "$work/podium.log" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
ctl() { python3 scripts/podium-control.py "$sock" "$@" > /dev/null; }
ctl '{"cmd":"state"}'
sleep 1   # the media scene (the next one) prerolls its first frame
ticks() { awk '{print $14 + $15}' /proc/$pid/stat; }
hz=$(getconf CLK_TCK)
t0=$(ticks); s0=$(date +%s.%N)
ctl '{"cmd":"next"}'
for _ in $(seq $((secs * 10 + 300))); do grep -q "frames shown" "$work/podium.log" && break; sleep 0.1; done
t1=$(ticks); s1=$(date +%s.%N)
ctl '{"cmd":"quit"}'; wait "$pid" || true; pid=
line=$(grep "frames shown" "$work/podium.log" | tail -n 1 || true)
echo "media: ${line##*clip.webm: }"
awk -v t=$((t1 - t0)) -v hz="$hz" -v a="$s0" -v b="$s1" -v n=$((secs * 30)) \
  'BEGIN { printf "media: %d frames in the clip; CPU %.0f%% of one core over %.1f s (%s)\n", n, 100 * t / hz / (b - a), b - a, "offscreen, software renderer" }'
