"""Shared by the Python benchmarks (scripts/bench-pdf.sh, scripts/bench-pdf-draw.sh, scripts/bench-advance.sh
and others): the deck, a 20-page 16:9 PDF 1.4 (base-14 Helvetica) with 300 filled shapes and 30 lines of text on every
page (`python3 scripts/bench_common.py OUT.pdf` writes it), waiting, and /proc figures."""
import os, random, sys, time


def write_pdf(path, pages=20):
    """A plain PDF 1.4 with base-14 Helvetica: shapes and text on every 16:9 page."""
    rnd = random.Random(7)
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", None, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for p in range(pages):
        ops = ["1 1 1 rg 0 0 960 540 re f"]
        for _ in range(300):
            ops.append("%.2f %.2f %.2f rg %d %d %d %d re f" % (rnd.random(), rnd.random(), rnd.random(),
                       rnd.randrange(0, 900), rnd.randrange(0, 500), rnd.randrange(5, 60), rnd.randrange(5, 40)))
        ops.append("0 0 0 rg BT /F1 14 Tf 40 500 Td")
        for line in range(30):
            ops.append("(Page %d, line %d: the quick brown fox jumps over the lazy dog) Tj 0 -16 Td" % (p + 1, line + 1))
        ops.append("ET")
        stream = "\n".join(ops)
        objs.append("<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        objs.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 960 540] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (len(objs)))
        kids.append("%d 0 R" % len(objs))
    write_pdf_objects(path, objs, kids)


def write_pdf_objects(path, objs, kids):
    """Writes a PDF of `objs` (object 1 the catalog, object 2 filled in here as the page tree of
    `kids`) with its cross-reference table."""
    objs[1] = "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join(kids), len(kids))
    out, offs = "%PDF-1.4\n", []
    for i, o in enumerate(objs):
        offs.append(len(out.encode())); out += "%d 0 obj\n%s\nendobj\n" % (i + 1, o)
    x = len(out.encode())
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + "".join("%010d 00000 n \n" % o for o in offs)
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    open(path, "w").write(out)


def write_beamer_pdf(path, pages=20):
    """A 16:9 deck laid out like a Beamer theme's: every page the same light background, a dark
    header band and a footer band with the talk's title; each page its own frame title, six
    bullet lines of its own and its own page number in the footer (pages share their template
    and differ in their text, as a real deck's do). Not the bench's main deck, whose pages differ
    almost everywhere: a row of its own."""
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", None, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>"]
    kids = []
    words = "latency frames pixels copies tiles damage server window console notes room advance".split()
    for p in range(pages):
        ops = ["0.96 0.96 0.98 rg 0 0 960 540 re f",              # background
               "0.16 0.20 0.36 rg 0 468 960 72 re f",              # header band
               "0.80 0.30 0.10 rg 0 464 960 4 re f",               # its rule
               "0.16 0.20 0.36 rg 0 0 960 28 re f",                # footer band
               "0.80 0.30 0.10 rg 890 480 46 46 re f",             # a logo
               "1 1 1 rg BT /F2 30 Tf 40 492 Td (Frame %d: %s and %s) Tj ET" % (p + 1, words[p % 12].title(), words[(p * 5 + 3) % 12]),
               "1 1 1 rg BT /F1 12 Tf 40 10 Td (A. Speaker - Slide changes within a frame of the floor) Tj ET",
               "1 1 1 rg BT /F1 12 Tf 880 10 Td (%d / %d) Tj ET" % (p + 1, pages),
               "0.1 0.1 0.1 rg BT /F1 24 Tf 70 400 Td"]
        for line in range(6):
            ops.append("(- %s %s, point %d of frame %d) Tj 0 -44 Td" % (words[(p + line) % 12].title(), words[(p * 3 + line * 7) % 12], line + 1, p + 1))
        ops.append("ET")
        stream = "\n".join(ops)
        objs.append("<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        objs.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 960 540] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>" % (len(objs)))
        kids.append("%d 0 R" % len(objs))
    write_pdf_objects(path, objs, kids)


def wait(pred, seconds=20.0):
    """The first true value of `pred()`, polled every 10 ms; exits after `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        v = pred()
        if v: return v
        time.sleep(0.01)
    raise SystemExit("timed out")

def cpu_s(pid):
    """CPU seconds (user + system) process `pid` has used."""
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")

def cpu_exact_s(pid):
    """CPU seconds the threads of process `pid` and of its descendants alive now have used, to
    the nanosecond (the sum of /proc/PID/task/*/schedstat): `cpu_s` counts whole clock ticks
    (10 ms), which over the 19 advances of a pass is ±1 ms an advance. Podium's crash watcher
    (`podium-watch`, a child) is part of what a talk costs. Threads that ended are not counted."""
    total = 0
    try: tasks = os.listdir("/proc/%d/task" % pid)
    except OSError: return 0   # ended meanwhile
    for t in tasks:
        try: total += int(open("/proc/%d/task/%s/schedstat" % (pid, t)).read().split()[0])
        except (OSError, ValueError, IndexError): pass   # ended meanwhile
        try: kids = open("/proc/%d/task/%s/children" % (pid, t)).read().split()
        except OSError: kids = []
        for k in kids: total += cpu_exact_s(int(k)) * 1e9
    return total / 1e9

def rollup_kb(pid, fields=("Pss:",)):
    """The sum of `fields` of /proc/PID/smaps_rollup for process `pid` and its descendants, kB:
    podium's crash watcher (a child) shares pages with it, and PSS splits shared pages between
    the two."""
    total = 0
    for l in open("/proc/%d/smaps_rollup" % pid):
        f = l.split()
        if f and f[0] in fields: total += int(f[1])
    try: kids = open("/proc/%d/task/%d/children" % (pid, pid)).read().split()
    except OSError: kids = []
    for k in kids:
        try: total += rollup_kb(int(k), fields)
        except OSError: pass   # ended meanwhile
    return total

def pss_kb(pid):
    """Proportional set size of process `pid` and its descendants, kB."""
    return rollup_kb(pid)

def pss_private_kb(pid):
    """`Pss_Anon` + `Pss_Shmem` of process `pid` and its descendants, kB: the part of PSS that does
    not move with what else maps the same libraries (heap, arenas, shared memory with the X
    server, which splits it with one process only); the X server's growth of it is what Podium
    costs there."""
    return rollup_kb(pid, ("Pss_Anon:", "Pss_Shmem:"))

def pss_by_mapping(pid, top=15):
    """The `top` largest contributors to the PSS of process `pid`, (kB, name): each file mapped
    (libraries, fonts), the heap, and anonymous mappings (textures, page bitmaps, malloc arenas)."""
    sizes, name = {}, None
    for l in open("/proc/%d/smaps" % pid):
        f = l.split()
        if len(f) >= 5 and "-" in f[0] and ":" in f[3]:
            name = f[5] if len(f) >= 6 else "[anon]"
            if name.startswith("/SYSV"):   # shared memory with the X server: window surfaces, page pixmaps
                lo, hi = (int(x, 16) for x in f[0].split("-")); name = "SysV shared memory, segments of %d kB" % ((hi - lo) // 1024)
        elif f and f[0] == "Pss:":
            sizes[name] = sizes.get(name, 0) + int(f[1])
    return sorted(((kb, n) for n, kb in sizes.items()), reverse=True)[:top]


def p90(xs):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]


class Podium:
    """`podium present PDF --control unix:D/podium.sock` with `env`, log in D/podium.log;
    `req` sends one control request and returns the reply (`strict`: raises on "ok": false)."""
    def __init__(self, d, env, pdf, bin=None, strict=False, binary=None):
        import json, socket, subprocess
        self.json, self.subprocess, self.strict = json, subprocess, strict
        sock = os.path.join(d, "podium.sock")
        self.proc = subprocess.Popen([binary or bin or os.environ["PODIUM_BIN"], "present", pdf, "--control", "unix:" + sock], env=env,
                                     stdout=subprocess.DEVNULL, stderr=open(os.path.join(d, "podium.log"), "w"))
        def conn():
            try:
                s = socket.socket(socket.AF_UNIX); s.connect(sock); return s
            except OSError: return None
        self.s = wait(conn); self.f = self.s.makefile("rwb")
    def req(self, o):
        self.f.write((self.json.dumps(o) + "\n").encode()); self.f.flush()
        r = self.json.loads(self.f.readline())
        if self.strict and not r.get("ok"): raise RuntimeError("%s: %s" % (o.get("cmd"), r))
        return r
    def stop(self):
        try: self.req({"cmd": "quit"})
        except Exception: pass
        try: self.proc.wait(10)
        except self.subprocess.TimeoutExpired: self.proc.kill(); self.proc.wait()

def rig_env(d, home=None):
    """The environment of a podium process on the rig in `d` (its DISPLAY, SDL's x11 driver, no
    Wayland), with HOME and XDG_* under `home` if given."""
    env = dict(os.environ, DISPLAY=open(os.path.join(d, "display")).read().strip(), SDL_VIDEODRIVER="x11")
    env.pop("WAYLAND_DISPLAY", None)
    if home:
        env.update(HOME=home, XDG_CONFIG_HOME=home + "/.config", XDG_DATA_HOME=home + "/.local/share",
                   XDG_CACHE_HOME=home + "/.cache", XDG_STATE_HOME=home + "/.local/state")
    return env


class PDFTalkOnRig:
    """`with PDFTalkOnRig(prefix, audience) as (p, s):` the bench PDF (`pages` pages, written by
    `write_pdf`) presented on a fresh Xorg dummy rig, presenter 1920x1080 and the audience
    fullscreen on an `audience` ("WxH") monitor, with its own HOME; `p` is the `Podium`, `s` the
    first state with the audience view fullscreen (0.5 s later, so launch work has settled).
    Podium, the rig and the folder are gone after the block."""
    def __init__(self, prefix, audience, pages=20, strict=False):
        self.prefix, self.audience, self.pages, self.strict = prefix, audience, pages, strict
    def __enter__(self):
        import subprocess, tempfile
        self.subprocess, self.p = subprocess, None
        self.d = d = tempfile.mkdtemp(prefix=self.prefix)
        home = os.path.join(d, "home"); os.makedirs(home)
        pdf = os.path.join(d, "talk.pdf"); write_pdf(pdf, self.pages)
        self.rig = subprocess.Popen(["Tests/Rig/xorg-rig.sh", "run", d, "1920x1080", self.audience], stdout=subprocess.DEVNULL)
        try:
            wait(lambda: os.path.exists(os.path.join(d, "ready")))
            self.p = p = Podium(d, rig_env(d, home), pdf, strict=self.strict)
            w, h = map(int, self.audience.split("x"))
            def audience_full():
                s = p.req({"cmd": "state"}); a = s["windows"][1]
                return a["visible"] and a["bounds"]["width"] == w and a["bounds"]["height"] == h and s
            s = wait(audience_full)
            time.sleep(0.5)
            return p, s
        except BaseException:
            self.__exit__(); raise
    def __exit__(self, *exc):
        import shutil
        if exc and exc[0] is not None:   # the talk's own account of what went wrong, before it is gone
            try: sys.stderr.write("podium.log (last 20 lines):\n" + "".join(open(os.path.join(self.d, "podium.log")).readlines()[-20:]))
            except OSError: pass
        if self.p: self.p.stop()
        self.subprocess.run(["Tests/Rig/xorg-rig.sh", "stop", self.d]); self.rig.wait()
        shutil.rmtree(self.d, ignore_errors=True)


def state_round_trip_ms(p, n=10):
    """The median of `n` `state` requests alone, ms: subtracted from timed requests that end
    with one."""
    import statistics
    base = []
    for _ in range(n):
        t = time.monotonic(); p.req({"cmd": "state"}); base.append((time.monotonic() - t) * 1000)
    return statistics.median(base)


if __name__ == "__main__":
    write_pdf(sys.argv[1])
