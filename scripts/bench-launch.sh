#!/usr/bin/env bash
# Launch figures (never pass/fail), issue 19: `podium present` to the first frame of both windows
# (the log's "first frame of both windows N ms after launch", from process start), the CPU time
# the process used until then (user + system, 10 ms ticks; less swayed than wall time by other
# work on a shared machine), and the shared libraries mapped then, for the demo deck and for a 20-page PDF, on the Xorg dummy rig (1280x800 +
# 1920x1080). Medians of BENCH_RUNS (default 7); then the cost of starting the process alone. BIN=path/to/podium compares another build (its
# built-in plugin libraries beside it, or none for a build that links them in).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
bin=${BIN:-.build/release/podium}
runs=${BENCH_RUNS:-7}
rig=$(mktemp -d)
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; Tests/Rig/xorg-rig.sh stop "$rig"; rm -rf "$rig"; }
trap cleanup EXIT
display=$(Tests/Rig/xorg-rig.sh start "$rig" 1280x800 1920x1080)   # set -e sees a rig that did not start
export DISPLAY=$display SDL_VIDEODRIVER=x11
export HOME=$rig/home XDG_DATA_HOME=$rig/home/data XDG_CONFIG_HOME=$rig/home/config XDG_STATE_HOME=$rig/home/state XDG_CACHE_HOME=$rig/home/cache
mkdir -p "$XDG_DATA_HOME"
python3 -c "import sys; sys.path.insert(0, 'scripts'); from bench_common import write_pdf; write_pdf('$rig/talk.pdf')"
ctl() { python3 scripts/podium-control.py "$rig/control.sock" "$@"; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "== launch ($bin, Xorg dummy 1280x800 + 1920x1080, median of $runs) =="
for deck in demo "$rig/talk.pdf"; do
  ms=(); libs=(); cpu=()
  for _ in $(seq "$runs"); do
    rm -f "$rig/control.sock"
    if [ "$deck" = demo ]; then "$bin" present --control "unix:$rig/control.sock" 2>"$rig/log" & pid=$!
    else "$bin" present "$deck" --control "unix:$rig/control.sock" 2>"$rig/log" & pid=$!; fi
    ctl '{"cmd":"state"}' >/dev/null
    for _ in $(seq 100); do grep -q "first frame of both windows" "$rig/log" && break; sleep 0.05; done
    ms+=("$(sed -n 's/.*first frame of both windows \([0-9]*\) ms.*/\1/p' "$rig/log" | head -1)")
    cpu+=("$(awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$pid/stat")")
    libs+=("$(awk '{print $6}' "/proc/$pid/maps" | grep '\.so' | sort -u | wc -l)")
    ctl '{"cmd":"quit"}' >/dev/null; wait "$pid"; pid=
  done
  name=$([ "$deck" = demo ] && echo "demo deck" || echo "20-page PDF")
  echo "launch -> first frame of both windows, $name: median $(printf '%s\n' "${ms[@]}" | median) ms (runs: ${ms[*]}), CPU $(printf '%s\n' "${cpu[@]}" | median) ms (runs: ${cpu[*]}); shared libraries mapped: $(printf '%s\n' "${libs[@]}" | median)"
done

# Process start alone (dynamic loader + static initialisers, no window): `podium --version`.
python3 - "$bin" <<'PY'
import resource, statistics, subprocess, sys, time
wall, cpu = [], []
for _ in range(30):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN); t = time.perf_counter()
    subprocess.run([sys.argv[1], "--version"], stdout=subprocess.DEVNULL)
    wall.append((time.perf_counter() - t) * 1000); r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000)
print(f"process start (podium --version, median of 30): wall {statistics.median(wall):.0f} ms, CPU {statistics.median(cpu):.1f} ms")
PY
echo "shared libraries the binary links (ldd): $(ldd "$bin" | wc -l)"
