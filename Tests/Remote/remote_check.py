#!/usr/bin/env python3
"""Drives a running `podium present --remote` from outside, as a phone or a script would, with
only the standard library (http.client and a minimal RFC 6455 client), and prints one JSON
object of what it saw. Usage: remote_check.py CONTROL_URL VIEW_URL. The Swift test asserts on it."""
import base64, http.client, json, os, socket, struct, sys, time, urllib.parse

control_url, view_url = sys.argv[1], sys.argv[2]
u = urllib.parse.urlsplit(control_url)
host, port = u.hostname, u.port
control_token = urllib.parse.parse_qs(u.query)["t"][0]
view_token = urllib.parse.parse_qs(urllib.parse.urlsplit(view_url).query)["t"][0]
out = {}

def get(path, headers=None):
    c = http.client.HTTPConnection(host, port, timeout=20)
    c.request("GET", path, headers=headers or {})
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body, dict(r.getheaders())

class WS:
    """A minimal WebSocket client: text and binary frames, masked as RFC 6455 requires."""
    def __init__(self, token, origin=None, path="/ws", width=400, rcvbuf=None):
        self.s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf: self.s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.s.settimeout(20)
        self.s.connect((host, port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path}?t={token}&w={width} HTTP/1.1", f"Host: {host}:{port}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin: lines.append(f"Origin: {origin}")
        self.s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.s.recv(1)
            if not chunk: break
            head += chunk
        self.status = int(head.split(b" ")[1]) if head else 0
        self.buf = b""
        # Messages read but not wanted yet (a pushed state can come before the reply it follows).
        self.pending = []

    def send(self, obj):
        self.send_bytes(json.dumps(obj).encode())

    def send_bytes(self, data):
        mask = os.urandom(4)
        n = len(data)
        size = bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", n)
        self.s.sendall(bytes([0x81]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(65536)
            if not chunk: raise EOFError("closed")
            self.buf += chunk
        d, self.buf = self.buf[:n], self.buf[n:]
        return d

    def recv(self):
        """(opcode, payload); answers pings."""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126: n = struct.unpack(">H", self._read(2))[0]
            elif n == 127: n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            op = b0 & 0x0F
            if op == 9: continue
            return op, payload

    def until(self, pred, seconds=20):
        """Reads messages until pred(op, payload) returns something; returns it (None on timeout)."""
        for i, (op, p) in enumerate(self.pending):
            r = pred(op, p)
            if r is not None: del self.pending[:i + 1]; return r
        self.pending.clear()
        end = time.time() + seconds
        while time.time() < end:
            self.s.settimeout(max(0.1, end - time.time()))
            try: op, p = self.recv()
            except (socket.timeout, EOFError): return None
            r = pred(op, p)
            if r is not None: return r
            self.pending = self.pending[-50:] + [(op, p)]

def text(kind=None, test=lambda m: True):
    def pred(op, p):
        if op != 1: return None
        m = json.loads(p)
        return m if (kind is None or m.get("type") == kind) and test(m) else None
    return pred

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
print(json.dumps(out))
