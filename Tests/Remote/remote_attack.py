#!/usr/bin/env python3
"""Hostile clients against a running `podium present --remote`, all on loopback, and after each
attack a check through the local control socket that the talk goes on (it answers `state`, and
`next` then `previous` move the audience view). Usage:
remote_attack.py CONTROL_URL VIEW_URL CONTROL_SOCKET. Prints one JSON object: per attack what
the server answered and `presenting` (true when the talk went on); RemoteSecurityTests asserts."""
import json, os, socket, struct, sys, time, urllib.parse
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import remote_client
from remote_client import text

control_url, view_url, control_path = sys.argv[1:4]
u = urllib.parse.urlsplit(control_url)
host, port = u.hostname, u.port
control_token = urllib.parse.parse_qs(u.query)["t"][0]
view_token = urllib.parse.parse_qs(urllib.parse.urlsplit(view_url).query)["t"][0]
origin = f"http://{host}:{port}"
out = {}

class Control:
    """The local control socket: one JSON request per line, one reply per line."""
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX); self.s.settimeout(20); self.s.connect(path); self.f = self.s.makefile("rwb")
    def __call__(self, req):
        self.f.write((json.dumps(req) + "\n").encode()); self.f.flush(); return json.loads(self.f.readline())

control = Control(control_path)

def presenting():
    """The talk goes on: the control socket answers, and next/previous move the audience view."""
    try:
        i = control({"cmd": "state"})["scene"]["index"]
        a = control({"cmd": "next"}).get("ok") and control({"cmd": "state"})["scene"]["index"] == i + 1
        b = control({"cmd": "previous"}).get("ok") and control({"cmd": "state"})["scene"]["index"] == i
        return bool(a and b)
    except Exception as e:
        return f"control socket: {e!r}"

def raw(request, read=65536):
    """Sends bytes as they are (no client library normalising the path); (status, body)."""
    s = socket.create_connection((host, port), timeout=20)
    s.sendall(request)
    data = b""
    try:
        while True:
            c = s.recv(read)
            if not c: break
            data += c
            if b"\r\n\r\n" in data:
                head, _, body = data.partition(b"\r\n\r\n")
                length = [int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")]
                if length and len(body) >= length[0]: break
    except (ConnectionResetError, socket.timeout):
        pass
    s.close()
    status = int(data.split(b" ")[1]) if data.startswith(b"HTTP/") else 0
    return status, data.partition(b"\r\n\r\n")[2]

def get(path, headers=b""):
    return raw(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: " + f"{host}:{port}".encode() + b"\r\n" + headers + b"Connection: close\r\n\r\n")

# No token, or a wrong one (right length, wrong value; a prefix of the right one; the view token
# padded): every page, file and the WebSocket upgrade.
files = ["/", "/index.html", "/stage", "/audience", "/socket.js", "/remote.js", "/stage.js", "/audience.js", "/stage.css"]
out["noToken"] = {f: get(f)[0] for f in files}
out["noToken"]["/ws"] = remote_client.WS(host, port, "", origin).status
wrong = ["0" * 32, control_token[:31], view_token + "0", control_token.upper()]
# Keyed by the wrong token's index, not its text: two of them may share a prefix.
out["wrongToken"] = {f"{f} wrong#{i}": get(f"{f}?t={w}")[0] for f in files for i, w in enumerate(wrong)}
out["wrongToken"]["/ws"] = remote_client.WS(host, port, "f" * 32, origin).status
out["tokenPresenting"] = presenting()

# Cross-origin WebSocket upgrades with a right token: another site, another port, https, "null".
origins = ["http://evil.example", f"http://{host}:{port + 1}", f"https://{host}:{port}", "null", f"http://{host}:{port}.evil.example"]
out["crossOrigin"] = {o: remote_client.WS(host, port, control_token, o).status for o in origins}
out["sameOrigin"] = remote_client.WS(host, port, control_token, origin).status
out["originPresenting"] = presenting()

# Path traversal in static file URLs, plain and encoded: nothing outside the shipped pages.
traversal = ["/../../Package.swift", "/%2e%2e/%2e%2e/Package.swift", "/%2E%2E%2F%2E%2E%2FPackage.swift", "/..%2f..%2fPackage.swift",
             "//etc/passwd", "//../../etc/passwd", "/.%2e/.%2e/etc/passwd", "/\\..\\..\\Package.swift", "/%5c..%5c..%5cPackage.swift",
             "/remote.js/../../../Package.swift", "/stage/..%2f..%2f..%2fetc%2fpasswd", "/%2fetc%2fpasswd", "/remote.js%00.html",
             "/Remote/remote.js", "/../Remote/index.html", "/index.html/", "/remote.js.bak", "/%252e%252e/Package.swift"]
leaks = []
out["traversal"] = {}
for path in traversal:
    status, body = get(path + ("&" if "?" in path else "?") + "t=" + control_token)
    out["traversal"][path] = status
    if b"swift-tools-version" in body or b"root:x:0" in body: leaks.append(path)
out["traversalLeaks"] = leaks
out["traversalPresenting"] = presenting()

# Oversized: a 100 KB text message, a 1 MB binary one, a 1 MB header, a 200 KB URL.
def oversized(payload, opcode):
    ws = remote_client.WS(host, port, control_token, origin)
    ws.until(text("hello"))
    try:
        mask = os.urandom(4)
        n = len(payload)
        ws.s.sendall(bytes([0x80 | opcode, 0x80 | 127]) + struct.pack(">Q", n) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        closing = ws.until(lambda op, p: p if op == 8 else (b"answered" if op == 1 and b'"ok"' in p else None))
        return None if closing is None else "answered" if closing == b"answered" else int.from_bytes(closing[:2], "big")
    except (ConnectionResetError, BrokenPipeError):
        return "reset"
out["oversizedText"] = oversized(b'{"cmd":"next","pad":"' + b"x" * 100000 + b'"}', 1)
out["oversizedBinary"] = oversized(bytes(1 << 20), 2)
out["oversizedHeader"] = raw(b"GET /?t=" + control_token.encode() + b" HTTP/1.1\r\nHost: " + f"{host}:{port}".encode() + b"\r\nX-Pad: " + b"a" * (1 << 20) + b"\r\n\r\n")[0]
out["oversizedURL"] = get("/?t=" + control_token + "&pad=" + "a" * 200000)[0]
out["oversizedPresenting"] = presenting()

# A slow client that never reads (a control link, the largest pictures, a 4 KB receive buffer):
# 40 advances while it sleeps; a reading viewer still gets each state pushed, memory stays bounded.
before_kb = control({"cmd": "state"})["residentKB"]
slow = remote_client.WS(host, port, control_token, origin, width=1600, rcvbuf=4096)
viewer = remote_client.WS(host, port, view_token, origin)
viewer.until(text("hello"))
start = control({"cmd": "state"})["scene"]["index"]
pushed = 0
for i in range(40):
    cmd, want = ("next", start + 1) if i % 2 == 0 else ("previous", start)
    control({"cmd": cmd})
    if viewer.until(text("state", lambda m, w=want: m["scene"]["index"] == w), 10): pushed += 1
out["slowClientPushed"] = pushed
out["slowClientGrewKB"] = control({"cmd": "state"})["residentKB"] - before_kb
out["slowPresenting"] = presenting()
slow.s.close(); viewer.s.close()

# 200 idle connections (TCP open, nothing sent) held while a phone pairs and the talk advances.
idle = [socket.create_connection((host, port), timeout=20) for _ in range(200)]
phone = remote_client.WS(host, port, control_token, origin)
out["idleNewPhone"] = phone.status
out["idlePhoneHello"] = bool(phone.until(text("hello")))
out["idlePage"] = get("/stage?t=" + view_token)[0]
out["idlePresenting"] = presenting()
# Each idle connection is still open (podium did not have to drop them to serve the others).
alive = 0
for s in idle:
    s.setblocking(False)
    try:
        if s.recv(1): alive += 1
    except BlockingIOError: alive += 1
    except OSError: pass
    s.close()
out["idleStillOpen"] = alive
phone.s.close()
time.sleep(0.5)
out["finalPresenting"] = presenting()
print(json.dumps(out))
