#!/usr/bin/env bash
# A long PDF talk (issue 15/19 rows): does a 200-page deck cost more than a 20-page one? On the
# Xorg dummy rig (x11, software renderer), presenter on a 1920x1080 monitor and the audience
# fullscreen on a 1920x1080 or 3840x2160 one; both decks written here (bench_common.write_pdf:
# 300 filled shapes and 30 lines of text on every page). Printed, never pass/fail:
#   - advance -> audience frame: `next`, then `state` (answered only after the loop has drawn and
#     presented both windows), minus a `state` round trip alone; median and p90 over every
#     advance through the whole deck at a speaker's pace (0.1 s between);
#   - jump -> audience frame: the digits of a page far ahead then Return (the "go to slide"
#     prompt, through the control socket's `key`), timed as above; 10 jumps;
#   - memory (PSS, RSS) after paging through every page; goal (issue 19): 200 pages no more than
#     20, and a 4K audience at most 120 MB.
#   scripts/bench-pdf-pages.sh     (uses the release build if there is one, or PODIUM_BIN; PAGES="20 200";
#                                  BENCH_SMAPS=1 prints the largest parts of each PSS)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
bin=${PODIUM_BIN:-.build/release/podium}; [ -x "$bin" ] || bin=.build/debug/podium
[ -x "$bin" ] || { echo "build podium first (swift build -c release)" >&2; exit 1; }
export PODIUM_BIN=$bin SDL_RENDER_DRIVER=${SDL_RENDER_DRIVER:-software} PAGES=${PAGES:-20 200}
exec python3 - <<'PY'
import json, os, shutil, socket, statistics, subprocess, sys, tempfile, time
sys.path.insert(0, "scripts")
from bench_common import write_pdf, wait, pss_kb, pss_by_mapping, Podium, p90

BIN = os.environ["PODIUM_BIN"]

print("pdf-pages-bench: binary %s, renderer %s" % (BIN, os.environ["SDL_RENDER_DRIVER"]))
pss_by = {}
for size in ["1920x1080", "3840x2160"]:
    for pages in [int(x) for x in os.environ["PAGES"].split()]:
        d = tempfile.mkdtemp(prefix="podium-bench-pages-")
        pdf = os.path.join(d, "talk.pdf"); write_pdf(pdf, pages)
        rp = subprocess.Popen(["Tests/Rig/xorg-rig.sh", "run", d, "1920x1080", size], stdout=subprocess.DEVNULL)
        p = None
        try:
            wait(lambda: os.path.exists(os.path.join(d, "ready")))
            home = os.path.join(d, "home")
            env = dict(os.environ, DISPLAY=open(os.path.join(d, "display")).read().strip(), SDL_VIDEODRIVER="x11",
                       HOME=home, XDG_CONFIG_HOME=home + "/.config", XDG_DATA_HOME=home + "/.local/share",
                       XDG_STATE_HOME=home + "/.local/state", XDG_CACHE_HOME=home + "/.cache")
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
            b = statistics.median(base)
            adv = []
            for i in range(pages - 1):
                time.sleep(0.1)   # a speaker's pace: the next page is pre-rendered meanwhile
                t = time.monotonic(); p.req({"cmd": "next"}); p.req({"cmd": "state"}); adv.append(max(0.0, (time.monotonic() - t) * 1000 - b))
            time.sleep(1)
            s = p.req({"cmd": "state"})
            assert s["scene"]["index"] == pages - 1, s["scene"]
            rss, pss = s["residentKB"], pss_kb(p.proc.pid)
            smaps = pss_by_mapping(p.proc.pid, 6) if os.environ.get("BENCH_SMAPS") == "1" else []
            jumps = []
            for i in range(10):   # far jumps, none pre-rendered: pages spread over the deck
                target = 1 + (i * 7 * pages // 10 + pages // 3) % pages
                time.sleep(0.2)
                t = time.monotonic()
                for ch in str(target): p.req({"cmd": "key", "key": ch})
                p.req({"cmd": "key", "key": "Return"}); st = p.req({"cmd": "state"})
                jumps.append(max(0.0, (time.monotonic() - t) * 1000 - b * (len(str(target)) + 1)))
                assert st["scene"]["index"] == target - 1, (target, st["scene"])
            pss_by[(size, pages)] = pss / 1024
            print("pdf-pages-bench: %d pages, audience %s: advance -> audience frame median %.1f ms, p90 %.1f ms (%d advances, state round trip %.1f ms subtracted)"
                  % (pages, size, statistics.median(adv), p90(adv), len(adv), b))
            print("pdf-pages-bench: %d pages, audience %s: jump by number (digits, Return) -> audience frame median %.1f ms, p90 %.1f ms (10 far jumps)"
                  % (pages, size, statistics.median(jumps), p90(jumps)))
            print("pdf-pages-bench: %d pages, audience %s: memory after every page PSS %.0f MB, RSS %.0f MB" % (pages, size, pss / 1024, rss / 1024))
            for kb, name in smaps: print("  %7.1f MB  %s" % (kb / 1024, name))
        finally:
            if p: p.stop()
            subprocess.run(["Tests/Rig/xorg-rig.sh", "stop", d]); rp.wait(); shutil.rmtree(d, ignore_errors=True)
    ps = sorted(k[1] for k in pss_by if k[0] == size)
    if len(ps) >= 2:
        lo, hi = pss_by[(size, ps[0])], pss_by[(size, ps[-1])]
        print("pdf-pages-bench: audience %s: %d pages cost %+.0f MB PSS against %d pages (goal: no more); goal for 4K: at most 120 MB"
              % (size, ps[-1], hi - lo, ps[0]))
PY
