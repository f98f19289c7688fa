#!/usr/bin/env bash
# Hot-plug figures (printed, never pass/fail), over repeated plug/unplug on the test rigs:
#   - unplug (nested sway, wayland driver): rig command → Podium handles the DISCONNECTED event,
#     and event → the presenter preview's first frame showing the audience content;
#   - plug (nested sway, and Xorg dummy with x11): rig command → CONNECTED handled, and
#     event → the audience view's first frame on the new display.
# "Podium's own work" is from handling the event to the frame, from Podium's timestamped log
# lines (t= is CLOCK_MONOTONIC, the same clock as Python's time.monotonic()).
#   scripts/bench-hotplug.sh [RUNS]     (default 10; uses the release build if there is one;
#                                         BIN=path/to/podium measures another build; BENCH_ONLY=xorg
#                                         or sway runs one rig)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
runs=${1:-10}
bin=${BIN:-.build/release/podium}; [ -x "$bin" ] || bin=.build/debug/podium
[ -x "$bin" ] || { echo "build podium first (swift build -c release)" >&2; exit 1; }
export PODIUM_BIN=$bin RUNS=$runs SDL_RENDER_DRIVER=${SDL_RENDER_DRIVER:-software}
exec python3 - <<'PY'
import json, os, re, shutil, socket, statistics, subprocess, sys, tempfile, time

BIN, RUNS = os.environ["PODIUM_BIN"], int(os.environ["RUNS"])

def wait(pred, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        v = pred()
        if v: return v
        time.sleep(0.005)
    raise SystemExit("timed out")

class Podium:
    def __init__(self, d, env):
        self.log = os.path.join(d, "podium.log"); sock = os.path.join(d, "podium.sock")
        self.proc = subprocess.Popen([BIN, "present", "--control", "unix:" + sock], env=env,
                                     stdout=subprocess.DEVNULL, stderr=open(self.log, "w"))
        def conn():
            try:
                s = socket.socket(socket.AF_UNIX); s.connect(sock); return s
            except OSError: return None
        self.s = wait(conn, 20); self.f = self.s.makefile("rwb")
    def req(self, o):
        self.f.write((json.dumps(o) + "\n").encode()); self.f.flush(); return json.loads(self.f.readline())
    def lines(self):
        return open(self.log).read().splitlines()
    def after(self, n, pattern):
        """First log line after line n matching pattern: (its t=, the line)."""
        for l in self.lines()[n:]:
            if re.search(pattern, l):
                m = re.search(r"t=([0-9.]+)", l); return float(m.group(1)), l
        return None
    def stop(self):
        try: self.req({"cmd": "quit"})
        except Exception: pass
        try: self.proc.wait(10)
        except subprocess.TimeoutExpired: self.proc.kill(); self.proc.wait()

def own_ms(line):
    return float(re.search(r"([0-9.]+) ms after the display change", line).group(1))

def report(name, xs):
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]
    print(f"  {name:<58} median {statistics.median(xs):7.1f} ms   p90 {p90:7.1f}   max {xs[-1]:7.1f}   (n={len(xs)})")

def rig(script, *args):
    return subprocess.run(["Tests/Rig/" + script, *args], check=True, capture_output=True, text=True).stdout.strip()

def measure(p, action, handled, frame):
    """Runs action; returns (ms from action to Podium handling it, Podium's own ms to the frame)."""
    n = len(p.lines()); t0 = time.monotonic()
    action()
    th, _ = wait(lambda: p.after(n, handled))
    _, fl = wait(lambda: p.after(n, frame))
    return (th - t0) * 1000, own_ms(fl)

print(f"podium hot-plug figures ({BIN}, {RUNS} runs each, SDL_RENDER_DRIVER={os.environ['SDL_RENDER_DRIVER']})")

ONLY = os.environ.get("BENCH_ONLY", "")

if ONLY in ("", "sway"):
    # Nested sway: real unplug and plug.
    d = tempfile.mkdtemp(prefix="bench-hotplug-sway-")
    rp = subprocess.Popen(["Tests/Rig/sway-rig.sh", "run", d, "2"], stdout=subprocess.DEVNULL)
    try:
        env = dict(os.environ)
        for l in rig("sway-rig.sh", "env", d).splitlines():
            k, v = l.replace("export ", "").split("=", 1); env[k] = v
        env.pop("DISPLAY", None); env["SDL_VIDEODRIVER"] = "wayland"
        p = Podium(d, env)
        wait(lambda: p.after(0, "audience first frame on"))
        out = "WL-2"; un_ev, un_own, pl_ev, pl_own = [], [], [], []
        for _ in range(RUNS):
            a, b = measure(p, lambda: rig("sway-rig.sh", "unplug", d, out), r": -\S", r"presenter preview shows the audience")
            un_ev.append(a); un_own.append(b)
            holder = {}
            a, b = measure(p, lambda: holder.setdefault("o", rig("sway-rig.sh", "plug", d)), r": \+\S", r"audience first frame on")
            out = holder["o"]; pl_ev.append(a); pl_own.append(b)
        rss = p.req({"cmd": "state"}).get("residentKB")
        p.stop()
        print("nested sway (wayland driver)")
        report("unplug: rig command -> DISCONNECTED handled", un_ev)
        report("unplug: event -> presenter preview shows the audience", un_own)
        report("plug: rig command -> CONNECTED handled", pl_ev)
        report("plug: event -> audience first frame on the new display", pl_own)
        print(f"  resident memory after {RUNS} cycles: {rss} KiB")
    finally:
        subprocess.run(["Tests/Rig/sway-rig.sh", "stop", d]); rp.wait(); shutil.rmtree(d, ignore_errors=True)

if ONLY in ("", "xorg"):
    # Xorg dummy: plug (the driver never reports unplug, so outputs are plugged one after another).
    d = tempfile.mkdtemp(prefix="bench-hotplug-xorg-")
    rp = subprocess.Popen(["Tests/Rig/xorg-rig.sh", "run", d, "1280x800"], stdout=subprocess.DEVNULL)
    try:
        wait(lambda: os.path.exists(os.path.join(d, "ready")), 20)
        env = dict(os.environ, DISPLAY=open(os.path.join(d, "display")).read().strip(), SDL_VIDEODRIVER="x11")
        env.pop("WAYLAND_DISPLAY", None)
        pl_ev, pl_own = [], []
        for i in range(1, min(RUNS, 15) + 1):
            if i > 1: rig("xorg-rig.sh", "unplug", d, str(i - 1))
            p = Podium(d, env)
            wait(lambda: p.after(0, "presenter preview shows the audience"))
            a, b = measure(p, lambda: rig("xorg-rig.sh", "plug", d, str(i), "1920x1080"), r": \+\S", r"audience first frame on")
            pl_ev.append(a); pl_own.append(b)
            p.stop()
        print("Xorg dummy (x11 driver)")
        report("plug: xrandr -> CONNECTED handled", pl_ev)
        report("plug: event -> audience first frame on the new display", pl_own)
    finally:
        subprocess.run(["Tests/Rig/xorg-rig.sh", "stop", d]); rp.wait(); shutil.rmtree(d, ignore_errors=True)
PY
