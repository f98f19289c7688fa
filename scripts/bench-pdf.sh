#!/usr/bin/env bash
# PDF scene figures (printed, never pass/fail), on the Xorg dummy rig (x11, software renderer),
# presenter on a 1920x1080 monitor and the audience fullscreen on a 1920x1080 or 3840x2160 one:
#   - advance -> audience frame: `next`, then `state` (answered only after the loop has drawn and
#     presented both windows), minus a `state` round trip alone; median and p90 over 19 advances;
#   - memory after paging through 20 pages (RSS and PSS of podium, from /proc);
#   - idle CPU over 10 s with the console clock ticking.
# The 20-page PDF is written here: each page has 300 filled shapes and 30 lines of text.
#   scripts/bench-pdf.sh     (uses the release build if there is one)
# SDL's hints pass through the environment, e.g. SDL_FRAMEBUFFER_ACCELERATION=0 presents the
# software renderer's frames with XShm instead of through an OpenGL texture (llvmpipe here).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/podium; [ -x "$bin" ] || bin=.build/debug/podium
[ -x "$bin" ] || { echo "build podium first (swift build -c release)" >&2; exit 1; }
export PODIUM_BIN=$bin SDL_RENDER_DRIVER=${SDL_RENDER_DRIVER:-software}
exec python3 - <<'PY'
import json, os, shutil, socket, statistics, subprocess, sys, tempfile, time
sys.path.insert(0, "scripts")
from bench_common import write_pdf, wait, cpu_s, pss_kb, Podium

BIN = os.environ["PODIUM_BIN"]


def p90(xs): xs = sorted(xs); return xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]

print("pdf-bench: binary %s, renderer %s" % (BIN, os.environ["SDL_RENDER_DRIVER"]))
for size in ["1920x1080", "3840x2160"]:
    d = tempfile.mkdtemp(prefix="podium-bench-pdf-")
    pdf = os.path.join(d, "talk.pdf"); write_pdf(pdf)
    rp = subprocess.Popen(["Tests/Rig/xorg-rig.sh", "run", d, "1920x1080", size], stdout=subprocess.DEVNULL)
    p = None
    try:
        wait(lambda: os.path.exists(os.path.join(d, "ready")))
        env = dict(os.environ, DISPLAY=open(os.path.join(d, "display")).read().strip(), SDL_VIDEODRIVER="x11")
        env.pop("WAYLAND_DISPLAY", None)
        p = Podium(d, env, pdf)
        w, h = map(int, size.split("x"))
        def audience_full():
            s = p.req({"cmd": "state"}); a = s["windows"][1]
            return a["visible"] and a["bounds"]["width"] == w and a["bounds"]["height"] == h and s
        wait(audience_full)
        time.sleep(0.5)
        base = []
        for _ in range(10):
            t = time.monotonic(); p.req({"cmd": "state"}); base.append((time.monotonic() - t) * 1000)
        adv = []
        for i in range(19):
            time.sleep(0.15)   # a speaker's pace: the next page is pre-rendered meanwhile
            t = time.monotonic(); p.req({"cmd": "next"}); p.req({"cmd": "state"}); adv.append((time.monotonic() - t) * 1000)
        b = statistics.median(base)
        adv = [max(0.0, x - b) for x in adv]
        time.sleep(1)
        s = p.req({"cmd": "state"})
        assert s["scene"]["index"] == 19, s["scene"]
        rss, pss = s["residentKB"], pss_kb(p.proc.pid)
        c0 = cpu_s(p.proc.pid); time.sleep(10); c1 = cpu_s(p.proc.pid)
        print("pdf-bench: audience %s: advance -> audience frame median %.1f ms, p90 %.1f ms (state round trip %.1f ms subtracted)"
              % (size, statistics.median(adv), p90(adv), b))
        print("pdf-bench: audience %s: memory after 20 pages RSS %.0f MB, PSS %.0f MB" % (size, rss / 1024, pss / 1024))
        print("pdf-bench: audience %s: idle CPU %.2f %% (10 s, console clock running)" % (size, (c1 - c0) / 10 * 100))
    finally:
        if p: p.stop()
        subprocess.run(["Tests/Rig/xorg-rig.sh", "stop", d]); rp.wait(); shutil.rmtree(d, ignore_errors=True)
PY
