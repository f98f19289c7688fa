#!/usr/bin/env python3
"""Send JSON-line requests to a running `podium present --control unix:PATH`.

usage: podium-control.py SOCKET '{"cmd":"state"}' ['{"cmd":"next"}' ...]
Prints one JSON reply per request; exits 1 when any reply has "ok": false.
"""
import json, socket, sys, time

def connect(path, timeout=20.0):
    deadline = time.time() + timeout
    while True:
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            return s
        except OSError:
            if time.time() > deadline:
                raise
            time.sleep(0.05)

def main():
    path, requests = sys.argv[1], sys.argv[2:]
    s = connect(path)
    f = s.makefile("rwb")
    failed = False
    for r in requests:
        f.write(r.encode() + b"\n"); f.flush()
        line = f.readline().decode()
        print(line.strip())
        if not json.loads(line).get("ok", False):
            failed = True
    sys.exit(1 if failed else 0)

if __name__ == "__main__":
    main()
