#!/usr/bin/env bash
# Runs the built-in demo deck. With a display server (DISPLAY or WAYLAND_DISPLAY) it is an
# ordinary `podium present`. Without one (a fresh server or CI machine) it starts a real X server
# with two virtual monitors (laptop 1280x800 + projector 1920x1080), presents the demo there,
# walks through every scene over the control socket, and saves what each window showed.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/podium
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then exec "$bin" present "$@"; fi

make -s demo-deps   # the X server rig only (trial 21 m10: it installed the whole test toolchain)
out=${DEMO_OUT:-demo-output}; rig=$(mktemp -d); sock=$rig/control.sock
mkdir -p "$out"; out=$(cd "$out" && pwd)   # absolute: podium writes the screenshots
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; Tests/Rig/xorg-rig.sh stop "$rig"; }
trap cleanup EXIT
# Assigned before the export: `export X=$(…)` would hide a rig that did not start from set -e.
display=$(Tests/Rig/xorg-rig.sh start "$rig" 1280x800 1920x1080) || { echo "demo: the virtual X server did not start (see above)" >&2; exit 1; }
export DISPLAY=$display SDL_VIDEODRIVER=x11
echo "No display found: presenting on a virtual X server $DISPLAY (laptop 1280x800 + projector 1920x1080)."
"$bin" present --control "unix:$sock" "$@" & pid=$!
# A refused request stops the demo with podium's answer, not silently (set -e).
ctl() { local r; r=$(python3 scripts/podium-control.py "$sock" "$@") || { echo "demo: podium refused a request: $r" >&2; return 1; }; printf '%s\n' "$r"; }
n=$(ctl '{"cmd":"state"}' 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["scene"]["count"])' 2>/dev/null) \
  || { echo "demo: podium did not start (its messages are above)" >&2; exit 1; }
for i in $(seq 0 $((n - 1))); do
  ctl "{\"cmd\":\"goto\",\"index\":$i}" >/dev/null
  ctl "{\"cmd\":\"screenshot\",\"window\":\"presenter\",\"path\":\"$out/scene$i-presenter.png\"}" \
      "{\"cmd\":\"screenshot\",\"window\":\"audience\",\"path\":\"$out/scene$i-audience.png\"}" >/dev/null
  echo "scene $i: $(ctl '{"cmd":"state"}' | python3 -c 'import json,sys; s=json.load(sys.stdin)["scene"]; print(s["kind"], "-", s["title"])')"
  sleep "${DEMO_PAUSE:-1}"
done
ctl '{"cmd":"quit"}' >/dev/null; wait "$pid"; pid=
echo "Screenshots of both windows for every scene are in $out/."
