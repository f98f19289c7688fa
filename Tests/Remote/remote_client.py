"""A phone or script on loopback, with only the standard library: plain GETs and a minimal RFC 6455
WebSocket client. Shared by remote_check.py, remote_attack.py and scripts/bench-remote.sh."""
import base64, http.client, json, os, socket, struct, time


def get(host, port, path, headers=None):
    """(status, body, headers) of one GET."""
    c = http.client.HTTPConnection(host, port, timeout=20)
    c.request("GET", path, headers=headers or {})
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body, dict(r.getheaders())

class WS:
    """A minimal WebSocket client: text and binary frames, masked as RFC 6455 requires."""
    def __init__(self, host, port, token, origin=None, path="/ws", width=400, rcvbuf=None):
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
