"""A stand-in MediaWiki api.php on 127.0.0.1 for the web-search tests.

Serves the recorded responses in this folder, chosen by `srsearch` (or `pageids`); prints its port
on the first line of stdout; appends one JSON line per request (path, query, User-Agent) to the
log file named by argv[1]. Stops on SIGTERM.
"""
import http.server, json, os, sys, time, urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
LOG = sys.argv[1]

def fixture(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return f.read()

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Buffer each response into one send: headers and body in separate packets meet the client's
    # delayed ACK and add ~40 ms per request on loopback.
    wbufsize = 1 << 16

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        q = {k: v[0] for k, v in urllib.parse.parse_qs(url.query).items()}
        with open(LOG, "a") as f:
            f.write(json.dumps({"path": url.path, "query": q, "ua": self.headers.get("User-Agent", "")}) + "\n")
        if url.path != "/w/api.php":
            return self.reply(404, b"<h1>Not Found</h1>", "text/html")
        if "pageids" in q:
            return self.reply(200, fixture("page-radiohead.json" if q["pageids"] == "25749" else "page-missing.json"))
        term = q.get("srsearch", "")
        if term == "slow":
            time.sleep(4)
            return self.reply(200, fixture("search-empty.json"))
        if term == "huge":
            # Announces 1 GB and streams it: the client must stop early, not hold it.
            return self.stream(1 << 30, announce=True)
        if term == "huge-unannounced":
            # No Content-Length: only counting the streamed bytes can stop it.
            return self.stream(1 << 30, announce=False)
        if term == "trickle":
            # One byte a second for minutes: an idle timeout never fires, a deadline does.
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(300):
                    self.wfile.write(b" "); self.wfile.flush(); time.sleep(1)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if term == "ratelimit":
            return self.reply(429, b"Too many requests", "text/plain", {"Retry-After": "30"})
        if term == "ratelimited-api":
            return self.reply(200, fixture("search-ratelimited.json"))
        if term == "servererror":
            return self.reply(503, b"<html>Service Unavailable</html>", "text/html")
        if term.startswith("malformed"):
            return self.reply(200, fixture("malformed.txt"))
        if term == "truncated":
            return self.reply(200, fixture("search-radiohead.json")[:60])
        if term == "":
            return self.reply(200, fixture("search-error.json"))
        if term.lower().startswith("radiohead"):
            return self.reply(200, fixture("search-radiohead.json"))
        if term == "Кино":
            return self.reply(200, fixture("search-unicode.json"))
        return self.reply(200, fixture("search-empty.json"))

    def reply(self, status, body, ctype="application/json; charset=utf-8", headers=None):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client cancelled

    def stream(self, total, announce):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if announce:
            self.send_header("Content-Length", str(total))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        chunk = b'{"title":"t","pageid":1,"snippet":"s"},' * 2000
        sent = 0
        try:
            while sent < total:
                self.wfile.write(chunk); sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading, as it should

    def log_message(self, *args):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
