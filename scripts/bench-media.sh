#!/usr/bin/env bash
# Media figures (printed, never pass/fail): a 1920x1080 30 fps VP8 clip (GStreamer's moving
# ball, made here with gst-launch-1.0) played to its end on SDL's offscreen driver with the
# software renderer, audio to a fakesink, twice: as a `media` scene, and as a movie in a PDF page
# (a link with pdfpc's `?autostart`, over the whole page):
#   - frames shown and skipped (a newer frame came before the main thread took the last one),
#     and the time from `next` to the first new video frame, from the playback's log line;
#   - podium's CPU over the clip (user + system, from /proc), as a share of one core.
#   scripts/bench-media.sh [SECONDS]     (default $BENCH_MEDIA_SECONDS, else 60; each run plays
#                                         the whole clip; uses the release build if there is one)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
secs=${1:-${BENCH_MEDIA_SECONDS:-60}}
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
# Two 16:9 pages; the second is covered by a link to the clip (URI `clip.webm?autostart`).
python3 - "$work/talk.pdf" <<'PY'
import sys
link = "<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect [0 0 800 450] /A << /S /URI /URI (clip.webm?autostart) >> >>"
objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 800 450] >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 800 450] /Annots [5 0 R] >>", link]
out, offs = b"%PDF-1.5\n", []
for i, o in enumerate(objs):
    offs.append(len(out)); out += b"%d 0 obj\n%s\nendobj\n" % (i + 1, o.encode())
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offs)
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
open(sys.argv[1], "wb").write(out)
PY

# bench LABEL DECK: presents DECK, goes `next` to the clip, waits for its log line, prints the rows.
bench() {
  local label=$1 deck=$2 key=${1// /-}
  local sock=$work/podium-$key.sock log=$work/podium-$key.log
  SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software PODIUM_AUDIO=null \
    "$bin" present --control "unix:$sock" "$deck" > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
  ctl() { python3 scripts/podium-control.py "$sock" "$@" > /dev/null; }
  ctl '{"cmd":"state"}'
  sleep 1   # the clip's scene (the next one) prerolls its first frame
  ticks() { awk '{print $14 + $15}' /proc/$pid/stat; }
  local hz t0 s0 t1 s1 line
  hz=$(getconf CLK_TCK)
  t0=$(ticks); s0=$(date +%s.%N)
  ctl '{"cmd":"next"}'
  for _ in $(seq $((secs * 10 + 300))); do grep -q "frames shown" "$log" && break; sleep 0.1; done
  t1=$(ticks); s1=$(date +%s.%N)
  ctl '{"cmd":"quit"}'; wait "$pid" || true; pid=
  line=$(grep "frames shown" "$log" | tail -n 1 || true)
  echo "$label: ${line##*clip.webm: }"
  awk -v t=$((t1 - t0)) -v hz="$hz" -v a="$s0" -v b="$s1" -v n=$((secs * 30)) -v l="$label" \
    'BEGIN { printf "%s: %d frames in the clip; CPU %.0f%% of one core over %.1f s (%s)\n", l, n, 100 * t / hz / (b - a), b - a, "offscreen, software renderer" }'
}
bench media "$work/talk.json"
bench "pdf movie" "$work/talk.pdf"
