#!/usr/bin/env python3
"""The audience link (`/audience?t=AUDIENCE`, handed to a second room) against a running
`podium present --remote`: it opens the audience page and its files and nothing else, and its
WebSocket gets only the room's picture, never the state (notes, timers), the next slide or a
reply. Usage: audience_link_check.py AUDIENCE_URL CONTROL_SOCKET. Prints one JSON object."""
import json, os, socket, sys, time, urllib.parse
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import remote_client

audience_url, control_path = sys.argv[1:3]
u = urllib.parse.urlsplit(audience_url)
host, port = u.hostname, u.port
token = urllib.parse.parse_qs(u.query)["t"][0]
origin = f"http://{host}:{port}"
out = {}

# Files: the audience page's own, and nothing the stage display or the phone remote use.
paths = ["/audience", "/audience.js", "/audience.css", "/socket.js", "/", "/index.html", "/stage", "/stage.js", "/remote.js"]
out["files"] = {p: remote_client.get(host, port, f"{p}?t={token}")[0] for p in paths}
st, body, _ = remote_client.get(host, port, f"/audience?t={token}")
out["pageCarriesItsToken"] = f"t={token}".encode() in body

ws = remote_client.WS(host, port, token, origin, width=640)
out["ws"] = ws.status
ws.send({"cmd": "state"})   # answered for the view link; nothing for this one
ws.send({"cmd": "next"})

ctl = socket.socket(socket.AF_UNIX); ctl.settimeout(20); ctl.connect(control_path); f = ctl.makefile("rwb")
def control(req):
    f.write((json.dumps(req) + "\n").encode()); f.flush(); return json.loads(f.readline())
out["indexBefore"] = control({"cmd": "state"})["scene"]["index"]
control({"cmd": "next"})   # a new scene: a new state and new pictures are pushed to every client

texts, kinds = [], []
end = time.time() + 4
while time.time() < end:
    ws.s.settimeout(max(0.1, end - time.time()))
    try: op, p = ws.recv()
    except (socket.timeout, EOFError): break
    if op == 1: texts.append(p.decode(errors="replace")[:200])
    elif op == 2: kinds.append(p[0] if p else -1)
out["texts"] = texts
out["pictureKinds"] = sorted(set(kinds))
out["pictures"] = len(kinds)
out["indexAfter"] = control({"cmd": "state"})["scene"]["index"]   # the page's own "next" did nothing
print(json.dumps(out))
