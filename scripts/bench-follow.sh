#!/usr/bin/env bash
# Follower screens (printed, never pass/fail): a real mosquitto on a free loopback port, one
# `podium present --broker` and one `podium follow` on the bench's 20-page PDF (SDL's offscreen
# driver, software renderer). 100 advances through the presenter's control socket, 150 ms apart;
# each is timed from just before the request to the follower's first frame showing that page
# (the follower's `history`: wall-clock ms, same machine).
#   scripts/bench-follow.sh [ADVANCES]     (default 100; uses the release build if there is one)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
n=${1:-100}
bin=${PODIUM:-.build/release/podium}; [ -x "$bin" ] || bin=.build/debug/podium
[ -x "$bin" ] || { echo "build podium first (swift build -c release)" >&2; exit 1; }
command -v mosquitto >/dev/null || [ -x /usr/sbin/mosquitto ] || { echo "mosquitto is not installed (make test-deps)" >&2; exit 1; }
work=$(mktemp -d); pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null; done; rm -rf "$work"; }
trap cleanup EXIT
fail() { for l in "$work"/*.log; do echo "== $l"; tail -n 5 "$l"; done >&2; }
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share \
       XDG_STATE_HOME=$work/home/.local/state XDG_CACHE_HOME=$work/home/.cache XDG_RUNTIME_DIR=$work
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n%s\n' "$port" "$([ "$(id -u)" = 0 ] && echo 'user root')" > "$work/mosquitto.conf"
PATH=$PATH:/usr/sbin mosquitto -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 & pids+=($!)
python3 scripts/bench_common.py "$work/talk.pdf"
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software
url=mqtt://127.0.0.1:$port/bench
"$bin" present "$work/talk.pdf" --control "unix:$work/p.sock" --broker "$url" > "$work/presenter.log" 2>&1 & pids+=($!)
"$bin" follow "$url" "$work/talk.pdf" --control "unix:$work/f.sock" > "$work/follower.log" 2>&1 & pids+=($!)
python3 - "$work" "$n" <<'PY' || { fail; exit 1; }
import json, socket, sys, time
work, n = sys.argv[1], int(sys.argv[2])
def ask(path, req):
    for _ in range(300):
        try:
            s = socket.socket(socket.AF_UNIX); s.connect(path); break
        except OSError: time.sleep(0.1)
    s.sendall((json.dumps(req) + "\n").encode()); d = b""
    while not d.endswith(b"\n"): d += s.recv(1 << 20)
    s.close(); return json.loads(d)
p, f = work + "/p.sock", work + "/f.sock"
end = time.time() + 30
while ask(f, {"cmd": "state"})["follow"]["status"] != "following":
    if time.time() > end: sys.exit("the follower never caught up: %s" % ask(f, {"cmd": "state"})["follow"])
    time.sleep(0.1)
count = ask(p, {"cmd": "state"})["scene"]["count"]
sent = {}
for i in range(n):
    target = (ask(p, {"cmd": "state"})["scene"]["index"] + 1) % count
    sent[i] = (target, time.time() * 1000)
    ask(p, {"cmd": "goto", "index": target})
    time.sleep(0.15)
time.sleep(0.5)
h = ask(f, {"cmd": "history"})["history"]
lat = []
for target, t0 in sent.values():
    shown = [e["renderedAt"] for e in h if e["scene"] == target and e.get("renderedAt") and e["renderedAt"] >= t0]
    if shown: lat.append(min(shown) - t0)
lat.sort()
if not lat: sys.exit("no advance reached the follower")
q = lambda x: lat[min(len(lat) - 1, int(len(lat) * x))]
print("follower: presenter advance -> follower page (loopback, %d of %d advances seen): p50 %.1f ms, p99 %.1f ms" % (len(lat), n, q(0.5), q(0.99)))
PY
