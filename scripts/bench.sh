#!/usr/bin/env bash
# Podium's benchmarks: prints figures, never pass/fail. Foundation figures first (on a real X
# server with a 1280x800 laptop and a 1920x1080 projector, release build), then each area's
# own script. `scripts/bench.sh core` runs only the foundation figures (BIN=path/to/podium: another
# build's).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
bin=${BIN:-.build/release/podium}
runs=${BENCH_RUNS:-5}
rig=$(mktemp -d)
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; Tests/Rig/xorg-rig.sh stop "$rig"; rm -rf "$rig"; }
trap cleanup EXIT
display=$(Tests/Rig/xorg-rig.sh start "$rig" 1280x800 1920x1080)   # set -e sees a rig that did not start
export DISPLAY=$display SDL_VIDEODRIVER=x11
ctl() { python3 scripts/podium-control.py "$rig/control.sock" "$@"; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "== Podium foundation (release, Xorg dummy 1280x800 + 1920x1080, renderer ${SDL_RENDER_DRIVER:-default}) =="
launches=()
for i in $(seq "$runs"); do
  rm -f "$rig/control.sock"
  "$bin" present --control "unix:$rig/control.sock" 2>"$rig/log" & pid=$!
  ctl '{"cmd":"state"}' >/dev/null
  for _ in $(seq 100); do grep -q "first frame of both windows" "$rig/log" && break; sleep 0.05; done
  launches+=("$(sed -n 's/.*first frame of both windows \([0-9]*\) ms.*/\1/p' "$rig/log" | head -1)")
  if [ "$i" -lt "$runs" ]; then ctl '{"cmd":"quit"}' >/dev/null; wait "$pid"; pid=; fi
done
echo "launch -> first frame of both windows: median $(printf '%s\n' "${launches[@]}" | median) ms (runs: ${launches[*]})"

n=$(ctl '{"cmd":"state"}' | json 'd["scene"]["count"]')
for s in $(seq 0 $((n - 1))); do
  ctl "{\"cmd\":\"goto\",\"index\":$s}" >/dev/null
  r=$(ctl '{"cmd":"frame-times","window":"audience","frames":60}')
  kind=$(ctl '{"cmd":"state"}' | json 'd["scene"]["kind"]')
  echo "scene $s ($kind) audience 1920x1080 frame: median $(echo "$r" | json 'round(d["median_ms"],2)') ms, p95 $(echo "$r" | json 'round(d["p95_ms"],2)') ms [$(echo "$r" | json 'd["renderer"]')]"
done
ctl '{"cmd":"goto","index":0}' >/dev/null
sleep 1
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
t0=$(ticks); sleep 10; t1=$(ticks)
hz=$(getconf CLK_TCK)
echo "idle CPU over 10 s (timer running): $(awk -v a="$t0" -v b="$t1" -v hz="$hz" 'BEGIN {printf "%.2f", (b - a) / hz / 10 * 100}') %"
echo "peak resident memory: $(awk '/VmHWM/ {printf "%.0f MB", $2 / 1024}' "/proc/$pid/status")"
ctl '{"cmd":"quit"}' >/dev/null; wait "$pid"; pid=
[ "${1:-all}" = core ] && exit 0

for b in scripts/bench-*.sh; do echo; echo "== $b =="; "$b" || echo "($b failed)"; done
