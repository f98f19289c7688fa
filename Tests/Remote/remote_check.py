#!/usr/bin/env python3
"""Drives a running `podium present --remote` from outside, as a phone or a script would, with
only the standard library (http.client and a minimal RFC 6455 client), and prints one JSON
object of what it saw. Usage: remote_check.py CONTROL_URL VIEW_URL. The Swift test asserts on it."""
import json, os, socket, struct, sys, time, urllib.parse
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import remote_client

control_url, view_url = sys.argv[1], sys.argv[2]
u = urllib.parse.urlsplit(control_url)
host, port = u.hostname, u.port
control_token = urllib.parse.parse_qs(u.query)["t"][0]
view_token = urllib.parse.parse_qs(urllib.parse.urlsplit(view_url).query)["t"][0]
out = {}

def get(path, headers=None): return remote_client.get(host, port, path, headers)
def WS(token, origin=None, **kw): return remote_client.WS(host, port, token, origin, **kw)
text = remote_client.text

origin = f"http://{host}:{port}"
out["noToken"] = get("/")[0]
out["wrongToken"] = get("/?t=" + "0" * 32)[0]
st, body, hdrs = get("/?t=" + view_token)
out["pageView"] = st
out["pageLoadsScript"] = f'src="remote.js?t={view_token}"'.encode() in body
out["pageCSP"] = hdrs.get("Content-Security-Policy", "")
st, body, _ = get("/remote.js?t=" + control_token)
out["scriptControl"] = st
out["scriptBytes"] = len(body)
out["scriptNoToken"] = get("/remote.js")[0]
out["traversal"] = get("/../../Package.swift?t=" + control_token)[0]
out["traversalEncoded"] = get("/%2e%2e/%2e%2e/Package.swift?t=" + control_token)[0]
out["foreignHost"] = get("/?t=" + control_token, {"Host": f"evil.example:{port}"})[0]

out["wsNoToken"] = WS("", origin).status
out["wsBadOrigin"] = WS(control_token, "http://evil.example").status
out["wsWrongToken"] = WS("f" * 32, origin).status

viewer = WS(view_token, origin)
out["wsView"] = viewer.status
hello = viewer.until(text("hello"))
out["viewHelloControl"] = hello and hello["control"]
first_view_state = viewer.until(text("state"))
viewer.send({"cmd": "next"})
refusal = viewer.until(text(None, lambda m: "ok" in m))
out["viewNextRefused"] = refusal
viewer.send({"cmd": "state"})
out["viewStateAnswer"] = (viewer.until(text("state")) or {}).get("type")

remote = WS(control_token, origin)
out["wsControl"] = remote.status
hello = remote.until(text("hello"))
out["controlHelloControl"] = hello and hello["control"]
state = remote.until(text("state"))
start = state["scene"]["index"]
out["startIndex"] = start
out["sceneCount"] = state["scene"]["count"]
pictures = {}
def picture(op, p):
    if op == 2:
        pictures[p[0]] = (p[1], p[2:])
        if 0 in pictures and 1 in pictures: return True
    return None
remote.until(picture)
for kind, (fmt, data) in pictures.items():
    magic = data[:4]
    out[f"picture{kind}"] = {"format": "png" if fmt else "jpeg", "bytes": len(data),
                             "validMagic": magic.startswith(b"\xff\xd8\xff") if fmt == 0 else magic == b"\x89PNG"}

def ask(ws, request):
    """Sends a request and returns its reply (the next message with "ok"; pushed state has none);
    what came in the meantime stays for the next `until`."""
    ws.pending.clear()
    ws.send(request)
    return ws.until(text(None, lambda m: "ok" in m))

out["nextReply"] = ask(remote, {"cmd": "next"})
pushed = remote.until(text("state", lambda m: m["scene"]["index"] == start + 1))
out["pushedAfterNext"] = pushed and pushed["scene"]["index"]
# The viewer sees the same change pushed, without asking.
seen = viewer.until(text("state", lambda m: m["scene"]["index"] == start + 1))
out["viewerSawNext"] = seen and seen["scene"]["index"]
out["previousReply"] = ask(remote, {"cmd": "previous"})
pushed = remote.until(text("state", lambda m: m["scene"]["index"] == start))
out["pushedAfterPrevious"] = pushed and pushed["scene"]["index"]
ask(remote, {"cmd": "next"})
remote.until(text("state", lambda m: m["scene"]["index"] == start + 1))
out["pointerReply"] = ask(remote, {"cmd": "pointer", "fx": 0.25, "fy": 0.5})
pushed = remote.until(text("state", lambda m: m["pointer"] is not None))
out["pushedPointer"] = pushed and pushed["pointer"]
out["statePointer"] = (ask(remote, {"cmd": "state"}) or {}).get("pointer")
out["unknownReply"] = ask(remote, {"cmd": "nonsense"})
out["screenshotReply"] = ask(remote, {"cmd": "screenshot", "window": "presenter", "path": sys.argv[3] if len(sys.argv) > 3 else "/tmp/never.png"})
# The control socket's own requests work too (here: the full state, with the remote's links).
full = ask(remote, {"cmd": "state"})
out["stateRemote"] = full and full.get("remote")

# A message over 64 KB ends that connection (close code 1009); the others go on.
big = WS(control_token, origin)
big.until(text("hello"))
try:
    big.send_bytes(b'{"cmd":"next","pad":"' + b"x" * 100000 + b'"}')
    closing = big.until(lambda op, p: p if op == 8 else (b"answered" if op == 1 and b'"ok"' in p else None))
    out["oversizedClose"] = None if closing is None else "answered" if closing == b"answered" else struct.unpack(">H", closing[:2])[0]
except (ConnectionResetError, BrokenPipeError):
    out["oversizedClose"] = "reset"   # closed while the client was still sending

# Many clients at once: the first 100 are served, the rest closed; the talk still answers.
crowd = [WS(view_token, origin) for _ in range(105)]
first = [w.until(lambda op, p: "hello" if op == 1 and b'"hello"' in p else ("closed" if op == 8 else None), 10) for w in crowd]
out["crowdServed"] = first.count("hello")
out["crowdClosed"] = first.count("closed")
for w in crowd: w.s.close()
out["afterCrowd"] = (ask(remote, {"cmd": "state"}) or {}).get("ok")

# A phone that stops reading (asleep, out of range) with the largest pictures: the talk goes on,
# every advance is still pushed to the others at once.
slow = WS(control_token, origin, width=1600, rcvbuf=4096)
slow.until(text("hello"))
went = 0
for i in range(30):
    cmd = "next" if i % 2 == 0 else "previous"
    if (ask(remote, {"cmd": cmd}) or {}).get("ok"):
        want = start + 2 if cmd == "next" else start + 1
        if remote.until(text("state", lambda m: m["scene"]["index"] == want), 10): went += 1
out["advancesWithSlowClient"] = went

# Trial 11 F5: a phone that drops mid-drag (its socket just goes, no lift, no close frame) takes
# its pointer dot off the room's view; so does one that stays connected but stops refreshing it.
dropper = WS(control_token, origin)
dropper.until(text("hello"))
out["dropperPointer"] = (ask(dropper, {"cmd": "pointer", "fx": 0.75, "fy": 0.25}) or {}).get("shown")
remote.until(text("state", lambda m: m["pointer"] is not None and abs(m["pointer"]["fx"] - 0.75) < 0.01))
dropper.s.shutdown(socket.SHUT_RDWR); dropper.s.close()
gone = remote.until(text("state", lambda m: m["pointer"] is None), 10)
out["pointerGoneWithPhone"] = gone is not None
silent = WS(control_token, origin)
silent.until(text("hello"))
out["silentPointer"] = (ask(silent, {"cmd": "pointer", "fx": 0.5, "fy": 0.5}) or {}).get("shown")
remote.until(text("state", lambda m: m["pointer"] is not None))
out["silentStillConnected"] = (ask(silent, {"cmd": "state"}) or {}).get("ok")
gone = remote.until(text("state", lambda m: m["pointer"] is None), 15)
out["staleGone"] = gone is not None
out["silentAfter"] = (ask(silent, {"cmd": "state"}) or {}).get("ok")
print(json.dumps(out))
