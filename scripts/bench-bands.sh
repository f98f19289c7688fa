#!/usr/bin/env bash
# Band list at scale: 10,000 bands (BANDS=N for another count) in mixed scripts. Prints figures, never pass/fail.
#   - import: `podium bands import` of the 10,000-band JSON (validate + one transaction)
#   - load:   the scene opening the store, reading and collating every band (its own log line),
#             and launch → first frame of the presentation
#   - save:   Save after typing in the name: the store commit (fsync) and the sorted index update
#   - scroll: the presenter's list stepping down row by row and a page at a time over the control
#             socket; each reply comes after the windows are drawn, so a round trip is one frame
#             (input, layout, draw of the presenter with its audience preview) plus socket time
# Uses SDL's offscreen driver with the software renderer (no display server needed).
# PODIUM_BIN picks the binary (default .build/release/podium, else .build/debug/podium).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
bin=${PODIUM_BIN:-.build/release/podium}
[ -x "$bin" ] || bin=.build/debug/podium
work=$(mktemp -d)
count=${BANDS:-10000}
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software XDG_DATA_HOME=$work/xdg

python3 - "$work/bands.json" "$count" <<'PY'
import json, random, sys
random.seed(7)
syll = {"latin": "ka lo mi ne ra su ti vo ze ba do fi gu".split(), "cyr": "ка ло ми не ра су ти во зе ба до".split(),
        "acc": "Ä Ö Å É Ø Ñ".split(), "han": list("五月天乐队山水风火花雨雪星")}
bands = []
for i in range(int(sys.argv[2])):
    k = random.random()
    if k < 0.6: name = " ".join("".join(random.choices(syll["latin"], k=3)).capitalize() for _ in range(random.randint(1, 3)))
    elif k < 0.8: name = "".join(random.choices(syll["cyr"], k=3)).capitalize()
    elif k < 0.88: name = random.choice(syll["acc"]) + "".join(random.choices(syll["latin"], k=2))
    elif k < 0.96: name = "".join(random.choices(syll["han"], k=random.randint(2, 4)))
    else: name = str(random.randint(1, 999)) + " " + random.choice(syll["latin"])
    bands.append({"name": f"{name} {i}", "notes": "Generated for the benchmark.\nSecond line.", "rating": i % 11,
                  "touring": ["On Tour", "Off Tour", "Disbanded"][i % 3], "seenLive": i % 2 == 0})
json.dump(bands, open(sys.argv[1], "w"), ensure_ascii=False)
PY

echo "band list benchmark ($bin, $(nproc) cores)"
t0=$(date +%s%N)
"$bin" bands import "$work/bands.json" --store "$work/bands.sqlite" >/dev/null
echo "import $count bands (validate + one transaction): $(( ($(date +%s%N) - t0) / 1000000 )) ms"
printf '{"title":"Bench","scenes":[{"kind":"band-list","parameters":{"store":"bands.sqlite","locale":"en_US"}}]}' > "$work/deck.json"

"$bin" present "$work/deck.json" --control "unix:$work/c.sock" 2>"$work/log" & pid=$!
python3 - "$work/c.sock" <<'PY'
import json, socket, statistics, sys, time
path = sys.argv[1]
deadline = time.time() + 60
while True:
    try:
        s = socket.socket(socket.AF_UNIX); s.connect(path); break
    except OSError:
        if time.time() > deadline: raise
        time.sleep(0.05)
f = s.makefile("rwb")
def req(o):
    t = time.perf_counter(); f.write((json.dumps(o) + "\n").encode()); f.flush()
    r = json.loads(f.readline()); dt = (time.perf_counter() - t) * 1000
    assert r.get("ok"), r
    return r, dt
state, _ = req({"cmd": "state"})
rows = [c for c in state["windows"][0]["controls"] if c["role"] == "row"]
req({"cmd": "click", "id": rows[0]["id"]})
def run(key, n):
    times = sorted(req({"cmd": "key", "key": key})[1] for _ in range(n))
    return f"median {statistics.median(times):.1f} ms, p95 {times[int(len(times) * .95)]:.1f} ms, max {times[-1]:.1f} ms ({n} steps)"
print("scroll one row (Down, selects each band):", run("Down", 200))
print("scroll one page (PageDown):              ", run("PageDown", 100))
saves = []
for i in range(20):
    req({"cmd": "click", "id": "bands.name"}); req({"cmd": "type", "text": "x"})
    saves.append(req({"cmd": "click", "id": "bands.save"})[1])
saves.sort()
print(f"save an edit (re-sort, list rebuilt, fsync): median {statistics.median(saves):.1f} ms, max {saves[-1]:.1f} ms (20 saves)")
_, idle = req({"cmd": "state"})
print(f"state request (control tree, no input):    {idle:.1f} ms")
req({"cmd": "quit"})
PY
wait "$pid"; pid=
sed -n 's/^podium: \[org.podium.band-list\] \(.*\)/load: \1/p; s/^podium: first frame of both windows \(.*\)/launch → first frame: \1/p' "$work/log"
