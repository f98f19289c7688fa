#!/usr/bin/env bash
# Drawing-layer figures (printed, never pass/fail), on the Xorg dummy rig (x11, software renderer
# unless SDL_RENDER_DRIVER says otherwise), presenter 1920x1080, audience fullscreen 1920x1080 or
# 3840x2160, on a 20-page PDF (300 shapes and 30 lines of text a page):
#   - the audience frame (layout + draw list + render + present, `frame-times`, median of 60)
#     with and without one 200-point pen stroke drawn on the presenter's page, with and without
#     20 strokes, and with the spotlight on and off, each pair measured alternately five times
#     (clear, then undo) against the machine's drift; the difference is what the drawing adds to
#     a frame (goal: one stroke under 2 ms).
#   scripts/bench-pdf-draw.sh     (uses the release build if there is one)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
bin=.build/release/podium; [ -x "$bin" ] || bin=.build/debug/podium
[ -x "$bin" ] || { echo "build podium first (swift build -c release)" >&2; exit 1; }
export PODIUM_BIN=$bin SDL_RENDER_DRIVER=${SDL_RENDER_DRIVER:-software}
exec python3 - <<'PY'
import math, os, sys
sys.path.insert(0, "scripts")
from bench_common import PDFTalkOnRig

print("pdf-draw-bench: binary %s, renderer %s" % (os.environ["PODIUM_BIN"], os.environ["SDL_RENDER_DRIVER"]))
for size in ["1920x1080", "3840x2160"]:
    with PDFTalkOnRig("podium-bench-draw-", size, strict=True) as (p, s):
        page = next(c for c in s["windows"][0]["controls"] if c["id"] == "pdf.page")["frame"]
        k = min(page["width"] / 16, page["height"] / 9)
        x0 = page["x"] + (page["width"] - 16 * k) / 2; y0 = page["y"] + (page["height"] - 9 * k) / 2
        def pt(u, v): return [x0 + u * 16 * k, y0 + v * 9 * k]
        def frame():
            return p.req({"cmd": "frame-times", "window": "audience", "frames": 60})["median_ms"]
        def scribble(i, n=200):
            # A handwritten-looking wave across the page: n points, as a mouse reports them.
            v = 0.1 + 0.04 * i
            return [pt(0.1 + 0.8 * t / (n - 1), v + 0.03 * math.sin(t / 6)) for t in range(n)]
        def paired(off, on, rounds=5):
            # Frames with and without alternately (the machine's load drifts): medians of each.
            a, b = [], []
            for _ in range(rounds):
                off(); a.append(frame()); on(); b.append(frame())
            a.sort(); b.sort()
            return a[rounds // 2], b[rounds // 2]
        clear = lambda: p.req({"cmd": "key", "key": "c"})       # clears the page's drawing...
        undo = lambda: p.req({"cmd": "key", "key": "Ctrl+Z"})   # ...and undo brings it back
        p.req({"cmd": "key", "key": "d"})
        p.req({"cmd": "drag", "window": "presenter", "points": scribble(0)})
        base, one = paired(clear, undo)
        for i in range(1, 20): p.req({"cmd": "drag", "window": "presenter", "points": scribble(i)})
        base20, twenty = paired(clear, undo)
        p.req({"cmd": "key", "key": "Escape"})
        p.req({"cmd": "hover", "window": "presenter", "x": pt(0.5, 0.5)[0], "y": pt(0.5, 0.5)[1]})
        p.req({"cmd": "key", "key": "l"})
        offs, ons = [], []
        for _ in range(4):
            p.req({"cmd": "key", "key": "l"}); offs.append(frame()); p.req({"cmd": "key", "key": "l"}); ons.append(frame())
        offs.sort(); ons.sort()
        print("pdf-draw-bench: audience %s: frame median %.2f ms without drawing, %.2f ms with one 200-point pen stroke (+%.2f ms); "
              "%.2f ms without, %.2f ms with 20 strokes (+%.2f ms, %.2f ms a stroke); spotlight +%.2f ms"
              % (size, base, one, one - base, base20, twenty, twenty - base20, (twenty - base20) / 20, ons[2] - offs[2]))
PY
