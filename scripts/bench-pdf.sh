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
. scripts/private-home.sh
bin=.build/release/podium; [ -x "$bin" ] || bin=.build/debug/podium
[ -x "$bin" ] || { echo "build podium first (swift build -c release)" >&2; exit 1; }
export PODIUM_BIN=$bin SDL_RENDER_DRIVER=${SDL_RENDER_DRIVER:-software}
exec python3 - <<'PY'
import os, statistics, sys, time
sys.path.insert(0, "scripts")
from bench_common import PDFTalkOnRig, state_round_trip_ms, cpu_s, pss_kb, p90

print("pdf-bench: binary %s, renderer %s" % (os.environ["PODIUM_BIN"], os.environ["SDL_RENDER_DRIVER"]))
for size in ["1920x1080", "3840x2160"]:
    with PDFTalkOnRig("podium-bench-pdf-", size) as (p, _):
        b = state_round_trip_ms(p)
        adv = []
        for i in range(19):
            time.sleep(0.15)   # a speaker's pace: the next page is pre-rendered meanwhile
            t = time.monotonic(); p.req({"cmd": "next"}); p.req({"cmd": "state"}); adv.append(max(0.0, (time.monotonic() - t) * 1000 - b))
        time.sleep(1)
        s = p.req({"cmd": "state"})
        assert s["scene"]["index"] == 19, s["scene"]
        rss, pss = s["residentKB"], pss_kb(p.proc.pid)
        c0 = cpu_s(p.proc.pid); time.sleep(10); c1 = cpu_s(p.proc.pid)
        print("pdf-bench: audience %s: advance -> audience frame median %.1f ms, p90 %.1f ms (state round trip %.1f ms subtracted)"
              % (size, statistics.median(adv), p90(adv), b))
        print("pdf-bench: audience %s: memory after 20 pages RSS %.0f MB, PSS %.0f MB" % (size, rss / 1024, pss / 1024))
        print("pdf-bench: audience %s: idle CPU %.2f %% (10 s, console clock running)" % (size, (c1 - c0) / 10 * 100))
PY
