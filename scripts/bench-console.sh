#!/usr/bin/env bash
# Presenter-console benchmark: idle CPU while the talk timer runs (the console redraws once a
# second, nothing else), on SDL's offscreen driver and with two real windows on the Xorg rig.
# CPU time is utime+stime of the podium process from /proc/PID/stat over IDLE seconds (default
# 10). Prints figures only. The offscreen driver has no way to sleep in SDL_WaitEventTimeout
# (SDL 2.26 polls it every millisecond), so its figure is mostly that poll; X11 sleeps in poll(2).
#   scripts/bench-console.sh [IDLE_SECONDS] [debug|release]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
idle=${1:-10}; config=${2:-release}
swift build -c "$config" --product podium >/dev/null 2>&1
bin=.build/$config/podium
tmp=$(mktemp -d /tmp/bench-console.XXXXXX)
hz=$(getconf CLK_TCK)
ctl() { scripts/podium-control.py "$tmp/ctl.sock" "$@"; }
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
frames() { ctl '{"cmd":"state"}' | python3 -c 'import json,sys; s=json.load(sys.stdin); print(" ".join(str(w.get("framesDrawn", 0)) for w in s["windows"]))'; }

measure() { # label, start|still (advance once to start the timer, or not), then environment assignments
  local label=$1 start=$2; shift 2
  rm -f "$tmp/ctl.sock"
  env "$@" "$bin" present --control "unix:$tmp/ctl.sock" 2>"$tmp/podium.log" &
  local pid=$!
  ctl '{"cmd":"state"}' >/dev/null
  [ "$start" = start ] && ctl '{"cmd":"key","key":"Right"}' >/dev/null   # the first advance starts the timer
  sleep 1
  local f0 c0 c1 f1
  f0=$(frames); c0=$(cpu "$pid")
  sleep "$idle"
  c1=$(cpu "$pid"); f1=$(frames)
  ctl '{"cmd":"quit"}' >/dev/null || true
  wait "$pid" || true
  python3 - "$label" "$c0" "$c1" "$hz" "$idle" "$f0" "$f1" <<'PY'
import sys
label, c0, c1, hz, idle = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
f0, f1 = [int(x) for x in sys.argv[6].split()], [int(x) for x in sys.argv[7].split()]
cpu = (c1 - c0) / hz
names = ["presenter", "audience"]
drawn = ", ".join(f"{names[i]} {(b - a) / idle:.1f}/s" for i, (a, b) in enumerate(zip(f0, f1)))
print(f"{label}: idle CPU {cpu * 1000:.0f} ms over {idle:.0f} s = {cpu / idle * 100:.2f} %; frames drawn: {drawn}")
PY
}

measure "offscreen, one display (audience in the preview), timer running" start SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software
if command -v Xorg >/dev/null; then
  display=$(Tests/Rig/xorg-rig.sh start "$tmp/xorg" 1280x800 1920x1080)
  trap 'Tests/Rig/xorg-rig.sh stop "$tmp/xorg" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
  measure "Xorg dummy, two displays, timer not started (no redraws)" still DISPLAY="$display" SDL_VIDEODRIVER=x11 WAYLAND_DISPLAY=
  measure "Xorg dummy, two displays, timer running (Podium's default software renderer)" start DISPLAY="$display" SDL_VIDEODRIVER=x11 WAYLAND_DISPLAY=
  measure "Xorg dummy, two displays, timer running, SDL_RENDER_DRIVER=opengl (llvmpipe here)" start DISPLAY="$display" SDL_VIDEODRIVER=x11 WAYLAND_DISPLAY= SDL_RENDER_DRIVER=opengl
else
  trap 'rm -rf "$tmp"' EXIT
fi
