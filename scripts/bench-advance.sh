#!/usr/bin/env bash
# The rows of the performance issue (19) for Podium, on the Xorg dummy rig (presenter 1280x800,
# audience 1920x1080 fullscreen, openbox as the issue's rig had (BENCH_WM=none: no window manager),
# software rendering), with the method's floor
# measured in the same run. Prints figures, never pass/fail.
#   - key -> first audience pixel: a key press through XTest, then the server's first DAMAGE
#     event inside the audience display (scripts/bench-xwatch.c); first visits (Right over the
#     20-page deck), revisits (Left back, Right again); the floor is a tiny Xlib window that
#     repaints the same area on a key press (a fill), timed the same way, round-robin with Podium;
#     the copy floor is the same window copying one of two MIT-SHM pixmaps of its size, made
#     beforehand, on a key press: the least it takes to show a prepared page (the goals are
#     stated against the first);
#   - CPU per advance: Podium's and the X server's CPU time over the second Right pass / 19, from
#     their threads' schedstat (ns; utime+stime counts 10 ms ticks, ±1 ms an advance);
#   - launch -> both windows settled: spawn to the last damage on either display before 1 s of
#     quiet (and to the first damage on either display); run as root, also as an unprivileged
#     user (BENCH_USER, default nobody; none: skipped) whose HOME has seen one launch before, as a
#     speaker's has: libX11 keeps its parsed Compose table (~15 ms of SDL's start) in the cache
#     Podium names for users, never for root;
#   - PSS after the 20 pages: Podium's, plus the X server's growth since before the launch;
#   - idle CPU over 10 s (BENCH_IDLE_SECONDS) with the talk timer running (Podium with its crash
#     watcher, and the X server);
#   - a row of its own on a Beamer-like deck (bench_common.write_beamer_pdf: every page the same
#     background, header and footer, its own text), whose pages share most tiles, where the main
#     deck's differ almost everywhere: revisits' key -> first audience pixel, CPU per advance over
#     a second pass, and the share of the page the room's copies took (`state`'s pixelsCopied).
#   scripts/bench-advance.sh [ROUNDS]      (ROUNDS launches of each, default 3)
# BENCH_PERF=1 also profiles Podium over the first round's second pass (perf, linux-perf) and
# prints the top entries; BENCH_SMAPS=1 prints what the PSS after 20 pages is made of (the
# largest mappings of the first round); BENCH_PERF_DATA=FILE keeps the profile for `perf report`
# (BENCH_PERF_FREQ: samples a second, default 999; BENCH_PERF_X=1 profiles the X server in the same
# record, its samples under the comm "Xorg"); BENCH_TRACE=1 runs Podium with
# PODIUM_ADVANCE_TRACE=1 and splits each press (medians): the X server to Podium (key dequeued),
# Podium's work until the room's copy is sent, the X server's until Podium has its reply, and the
# damage seen by the watcher (BENCH_TRACE_ROWS=PREFIX also writes each press's marks to
# PREFIX.first.json and PREFIX.revisit.json); PODIUM_BIN picks another build.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
bin=${PODIUM_BIN:-.build/release/podium}; [ -x "$bin" ] || bin=.build/debug/podium
[ -x "$bin" ] || { echo "build podium first (swift build -c release)" >&2; exit 1; }
tmp=$(mktemp -d /tmp/bench-advance.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/xwatch" scripts/bench-xwatch.c -lX11 -lXext -lXdamage -lXfixes -l:libXtst.so.6
export PODIUM_BIN=$bin XWATCH=$tmp/xwatch ROUNDS=${1:-3} BENCH_TMP=$tmp
exec python3 - <<'PY'
import json, os, socket, statistics, subprocess, sys, time
sys.path.insert(0, "scripts")
from bench_common import write_pdf, write_beamer_pdf, wait, cpu_s, cpu_exact_s, pss_kb, pss_by_mapping, pss_private_kb

BIN, XW, ROUNDS, TMP = os.environ["PODIUM_BIN"], os.environ["XWATCH"], int(os.environ["ROUNDS"]), os.environ["BENCH_TMP"]
PERF = os.environ.get("BENCH_PERF") == "1"
TRACE = os.environ.get("BENCH_TRACE") == "1"
SMAPS = os.environ.get("BENCH_SMAPS") == "1"
IDLE_S = float(os.environ.get("BENCH_IDLE_SECONDS", "10"))
WM = os.environ.get("BENCH_WM", "openbox")
smaps_top = []
PRES, AUD = (0, 0, 1280, 800), (1280, 0, 1920, 1080)

def pct(xs, q):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]
def area(a): return [str(v) for v in a]
stamps = {"first": [], "revisit": []}   # (press, damage) CLOCK_MONOTONIC ms, with BENCH_TRACE
def keys(env, key, n, a=AUD, stamp=None):
    r = subprocess.run([XW, "keys", *area(a), key, str(n), "300"], env=dict(env, XWATCH_STAMPS="1") if stamp else env,
                       capture_output=True, text=True, check=True)
    if stamp: stamps[stamp] += [tuple(float(x) for x in l.split()[1::2]) for l in r.stderr.splitlines() if l.startswith("press ")]
    xs = [float(x) for x in r.stdout.split()]
    missed = sum(1 for x in xs if x < 0)
    if missed: print("bench-advance: %d of %d key presses showed nothing on the audience display" % (missed, n))
    return [x for x in xs if x >= 0]

def beamer_round(env, xpid):
    """The Beamer-like deck: one launch, a first pass (Right), revisits back (Left) and forward
    again (Right, with Podium's and the X server's CPU and the pixels the room's copies took)."""
    sock = TMP + "/beamer.sock"
    if os.path.exists(sock): os.unlink(sock)
    p = subprocess.Popen([BIN, "present", beamer, "--control", "unix:" + sock], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    s = socket.socket(socket.AF_UNIX); wait(lambda: s.connect_ex(sock) == 0); f = s.makefile("rwb")
    def req(o):
        f.write((json.dumps(o) + "\n").encode()); f.flush(); return json.loads(f.readline())
    aud = lambda st: next(w for w in st["windows"] if w.get("role") == "audience")
    wait(lambda: aud(req({"cmd": "state"})).get("visible"))
    time.sleep(1)
    keys(env, "Right", 19)
    res["brevisit"] += keys(env, "Left", 19)
    sp = aud(req({"cmd": "state"})).get("serverPixmaps") or {}
    c0, xc0, px0 = cpu_exact_s(p.pid), cpu_exact_s(xpid), sp.get("pixelsCopied", 0)
    res["brevisit"] += keys(env, "Right", 19)
    res["bcpu"].append((cpu_exact_s(p.pid) - c0) / 19 * 1000); res["bxcpu"].append((cpu_exact_s(xpid) - xc0) / 19 * 1000)
    sp = aud(req({"cmd": "state"})).get("serverPixmaps") or {}
    res["bcopied"].append((sp.get("pixelsCopied", 0) - px0) / 19 / (1920 * 1080) * 100)
    try: req({"cmd": "quit"})
    except Exception: pass
    p.wait(20); s.close()
    time.sleep(0.3)

d = TMP + "/rig"; os.makedirs(d)
# The decks in a folder of their own: Podium watches a deck's folder for edits, and the bench
# writes its log and perf's data beside them (under perf: 0.7 ms an advance of the watcher's wakeups).
os.makedirs(TMP + "/deck")
pdf = TMP + "/deck/talk.pdf"; write_pdf(pdf)
beamer = TMP + "/deck/beamer.pdf"; write_beamer_pdf(beamer)
rig = subprocess.Popen(["Tests/Rig/xorg-rig.sh", "run", d, "1280x800", "1920x1080"], stdout=subprocess.DEVNULL)
# The unprivileged user's launches: a HOME of its own, the deck readable (the rig's X server takes
# any local client).
USER = None
if os.geteuid() == 0 and os.environ.get("BENCH_USER", "nobody") not in ("none", "root"):
    import pwd
    pw = pwd.getpwnam(os.environ.get("BENCH_USER", "nobody"))
    USER = (pw.pw_name, pw.pw_uid, pw.pw_gid)
    uhome = TMP + "/userhome"
    for sub in ["", "/.config", "/.local/share", "/.local/state", "/.cache", "/run"]:
        os.makedirs(uhome + sub, mode=0o700, exist_ok=True); os.chown(uhome + sub, pw.pw_uid, pw.pw_gid)
    os.chmod(TMP, 0o755); os.chmod(TMP + "/deck", 0o755); os.chmod(pdf, 0o644)

def user_launch(env):
    """One launch of the bench deck as USER, timed as the main launch is; ended by SIGTERM."""
    uh = TMP + "/userhome"
    uenv = dict(env, HOME=uh, XDG_CONFIG_HOME=uh + "/.config", XDG_DATA_HOME=uh + "/.local/share",
                XDG_STATE_HOME=uh + "/.local/state", XDG_CACHE_HOME=uh + "/.cache", XDG_RUNTIME_DIR=uh + "/run")
    w = subprocess.Popen([XW, "settle", "0", "0", "3200", "1080", "1000"], env=env, stdout=subprocess.PIPE, text=True)
    assert w.stdout.readline().strip() == "ready"
    t0 = time.monotonic() * 1000
    p = subprocess.Popen([BIN, "present", pdf], env=uenv, user=USER[1], group=USER[2], extra_groups=[],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    first, last = [float(v) for v in w.stdout.readline().split()[1::2]]
    w.wait()
    p.send_signal(15); p.wait(20)
    time.sleep(0.3)
    assert first >= 0, "bench-advance: podium drew nothing within 20 s of its launch as " + USER[0]
    return first - t0, last - t0
traces = []   # (t0, {mark: ms after t0}) from PODIUM_ADVANCE_TRACE
res = {k: [] for k in ["floor", "floorcopy", "first", "revisit", "cpu", "xcpu", "launch", "launch1", "pss", "xgrow", "priv", "xpriv", "idle", "xidle",
                        "brevisit", "bcpu", "bxcpu", "bcopied", "copied", "ulaunch", "ulaunch1"]}
try:
    wait(lambda: os.path.exists(d + "/ready"))
    env = dict(os.environ, DISPLAY=open(d + "/display").read().strip(), SDL_VIDEODRIVER="x11",
               HOME=TMP + "/home", XDG_CONFIG_HOME=TMP + "/home/.config", XDG_DATA_HOME=TMP + "/home/.local/share",
               XDG_STATE_HOME=TMP + "/home/.local/state", XDG_CACHE_HOME=TMP + "/home/.cache")
    env.pop("WAYLAND_DISPLAY", None)
    xpid = int(open(d + "/pid").read())
    wm = None
    if WM == "openbox":   # the issue's rig; a window manager costs a launch its own round trips
        wm = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait(lambda: "window id" in subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=env, capture_output=True, text=True).stdout)
    if USER: user_launch(env)   # the user's HOME after a first launch (libX11's Compose cache made)
    for r in range(ROUNDS):
        # The floor: the least any program can take from key to pixel on this server today.
        fl = subprocess.Popen([XW, "floor", *area(AUD)], env=env)
        time.sleep(0.5)
        res["floor"] += keys(env, "Right", 39)
        fl.terminate(); fl.wait()
        time.sleep(0.3)
        fl = subprocess.Popen([XW, "floor-copy", *area(AUD), "shm"], env=env)
        time.sleep(0.7)
        res["floorcopy"] += keys(env, "Right", 39)
        fl.terminate(); fl.wait()
        time.sleep(0.3)

        sock = TMP + "/podium.sock"
        if os.path.exists(sock): os.unlink(sock)
        x0, xp0 = pss_kb(xpid), pss_private_kb(xpid)
        w = subprocess.Popen([XW, "settle", "0", "0", "3200", "1080", "1000"], env=env, stdout=subprocess.PIPE, text=True)
        assert w.stdout.readline().strip() == "ready"
        t0 = time.monotonic() * 1000
        p = subprocess.Popen([BIN, "present", pdf, "--control", "unix:" + sock], env=dict(env, PODIUM_ADVANCE_TRACE="1") if TRACE else env,
                             stdout=subprocess.DEVNULL, stderr=open(TMP + "/podium.log", "w"))
        first, last = [float(v) for v in w.stdout.readline().split()[1::2]]
        w.wait()
        assert first >= 0, "bench-advance: podium drew nothing within 20 s of its launch"
        res["launch"].append(last - t0); res["launch1"].append(first - t0)
        s = socket.socket(socket.AF_UNIX); wait(lambda: s.connect_ex(sock) == 0); f = s.makefile("rwb")
        def req(o):
            f.write((json.dumps(o) + "\n").encode()); f.flush(); return json.loads(f.readline())
        st = req({"cmd": "state"})
        assert st["windows"][1]["bounds"]["width"] == 1920, st["windows"]
        res["first"] += keys(env, "Right", 19, stamp=TRACE and "first")
        res["revisit"] += keys(env, "Left", 19, stamp=TRACE and "revisit")
        copied0 = (req({"cmd": "state"})["windows"][1].get("serverPixmaps") or {}).get("pixelsCopied", 0)
        c0, xc0 = cpu_exact_s(p.pid), cpu_exact_s(xpid)
        prof = None
        if PERF and r == 0:   # a profile of Podium over the second pass (DWARF call graphs)
            prof = subprocess.Popen(["perf", "record", "-q", "-F", os.environ.get("BENCH_PERF_FREQ", "999"), "--call-graph", "dwarf,16384",
                                     "-p", str(p.pid) + ("," + str(xpid) if os.environ.get("BENCH_PERF_X") == "1" else ""),
                                     "-o", TMP + "/perf.data"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(0.5)
        res["revisit"] += keys(env, "Right", 19, stamp=TRACE and "revisit")
        if prof:
            prof.send_signal(2); prof.wait()
        res["cpu"].append((cpu_exact_s(p.pid) - c0) / 19 * 1000); res["xcpu"].append((cpu_exact_s(xpid) - xc0) / 19 * 1000)
        st = req({"cmd": "state"})
        assert st["scene"]["index"] == 19
        res["copied"].append(((st["windows"][1].get("serverPixmaps") or {}).get("pixelsCopied", 0) - copied0) / 19 / (1920 * 1080) * 100)
        time.sleep(1)
        res["pss"].append(pss_kb(p.pid) / 1024); res["xgrow"].append((pss_kb(xpid) - x0) / 1024)
        res["priv"].append(pss_private_kb(p.pid) / 1024); res["xpriv"].append((pss_private_kb(xpid) - xp0) / 1024)
        if SMAPS and r == 0: smaps_top = pss_by_mapping(p.pid)
        # Exact thread times: in 10 ms ticks over 10 s, one tick is the whole 0.1 % goal.
        c0, xc0 = cpu_exact_s(p.pid), cpu_exact_s(xpid); time.sleep(IDLE_S)
        res["idle"].append((cpu_exact_s(p.pid) - c0) / IDLE_S * 100); res["xidle"].append((cpu_exact_s(xpid) - xc0) / IDLE_S * 100)
        try: req({"cmd": "quit"})
        except Exception: pass
        p.wait(20); s.close()
        time.sleep(0.3)
        if USER:
            first, last = user_launch(env)
            res["ulaunch1"].append(first); res["ulaunch"].append(last)
        beamer_round(env, xpid)
        for l in open(TMP + "/podium.log"):
            if "advance trace t0=" in l:
                f = l.split("t0=")[1].split()
                marks = {}
                for i in range(1, len(f) - 1, 2): marks.setdefault(f[i], float(f[i + 1].replace("+-", "-")))   # a mark's first time
                traces.append((float(f[0]), marks))
finally:
    if wm: wm.terminate(); wm.wait()
    subprocess.run(["Tests/Rig/xorg-rig.sh", "stop", d]); rig.wait()

m = statistics.median
fl = m(res["floor"])
print("bench-advance: %s, Xorg dummy 1280x800 + 1920x1080, window manager %s, %d rounds, %s" % (BIN, WM, ROUNDS, time.strftime("%Y-%m-%d")))
print("floor (Xlib window repainting on a key press): key -> first pixel median %.1f ms, p90 %.1f ms" % (fl, pct(res["floor"], 0.9)))
print("copy floor (the same window copying a prepared MIT-SHM pixmap of its size): median %.1f ms (%.1fx floor), p90 %.1f ms" % (
    m(res["floorcopy"]), m(res["floorcopy"]) / fl, pct(res["floorcopy"], 0.9)))
print("key -> first audience pixel, first visit: median %.1f ms (%.1fx floor), p90 %.1f ms" % (m(res["first"]), m(res["first"]) / fl, pct(res["first"], 0.9)))
print("key -> first audience pixel, revisit:     median %.1f ms (%.1fx floor), p90 %.1f ms" % (m(res["revisit"]), m(res["revisit"]) / fl, pct(res["revisit"], 0.9)))
print("CPU per advance (second pass): Podium %.2f ms + X server %.2f ms (runs: %s); the room's copies %.0f %% of the page an advance" % (
      m(res["cpu"]), m(res["xcpu"]), " ".join("%.2f+%.2f" % c for c in zip(res["cpu"], res["xcpu"])), m(res["copied"])))
print("launch -> both windows settled: median %.0f ms (runs: %s)" % (m(res["launch"]), " ".join("%.0f" % x for x in res["launch"])))
print("launch -> first pixel on either display: median %.0f ms (runs: %s)" % (m(res["launch1"]), " ".join("%.0f" % x for x in res["launch1"])))
if USER:
    print("launch as %s, an unprivileged user (libX11's Compose table cached): settled median %.0f ms (runs: %s), first pixel median %.0f ms" % (
          USER[0], m(res["ulaunch"]), " ".join("%.0f" % x for x in res["ulaunch"]), m(res["ulaunch1"])))
print("PSS after 20 pages: Podium %.0f MB + X server growth %.0f MB" % (m(res["pss"]), m(res["xgrow"])))
# Without the library pages, whose share moves with whatever else maps them: the stable part.
print("  of it Pss_Anon + Pss_Shmem: Podium %.1f MB + X server growth %.1f MB" % (m(res["priv"]), m(res["xpriv"])))
print("idle CPU, talk timer running, %g s: Podium (with its crash watcher) %.3f %% + X server %.3f %% (runs: %s)" % (
      IDLE_S, m(res["idle"]), m(res["xidle"]), " ".join("%.3f+%.3f" % c for c in zip(res["idle"], res["xidle"]))))
print("Beamer-like deck (same background, header, footer; own text): revisit median %.1f ms (%.1fx floor), p90 %.1f ms; "
      "CPU per advance Podium %.2f ms + X server %.2f ms (runs: %s); the room's copies %.0f %% of the page an advance" % (
      m(res["brevisit"]), m(res["brevisit"]) / fl, pct(res["brevisit"], 0.9), m(res["bcpu"]), m(res["bxcpu"]),
      " ".join("%.2f+%.2f" % c for c in zip(res["bcpu"], res["bxcpu"])), m(res["bcopied"])))
if TRACE:
    # Each press joined with the trace line that began inside it: the marks' medians, in ms after the press.
    for kind in ["first", "revisit"]:
        rows = []
        for p0, dmg in stamps[kind]:
            t = next((t for t in traces if p0 <= t[0] <= dmg), None)
            if t: rows.append(dict({k: t[0] - p0 + v for k, v in t[1].items()}, pixel=dmg - p0))
        if not rows: continue
        if os.environ.get("BENCH_TRACE_ROWS"):
            with open(os.environ["BENCH_TRACE_ROWS"] + "." + kind + ".json", "w") as out: json.dump(rows, out)
        med = lambda k: m([r[k] for r in rows if k in r] or [float("nan")])
        print("%s, medians of %d presses traced (ms after the XTest press): key dequeued %.2f, press handled %.2f, place carried %.2f, "
              "room's list made %.2f, room's copy sent %.2f, server done (XSync back) %.2f, watcher's damage %.2f; console drawn %.2f, journal %.2f" % (
              kind, len(rows), med("key"), med("pressed"), med("render"), med("list"), med("copy-sent"), med("copy-done"), med("pixel"),
              med("console"), med("journal")))
        # Podium's own steps, each from the key dequeued (less load-sensitive than the wall stamps).
        step = lambda a, b: m([r[b] - r[a] for r in rows if a in r and b in r] or [float("nan")])
        print("%s, Podium's steps (medians, ms): key -> pressed %.3f, pressed -> place carried %.3f, -> room's list %.3f, -> copy sent %.3f; "
              "key -> copy sent %.3f" % (kind, step("key", "pressed"), step("pressed", "render"), step("render", "list"), step("list", "copy-sent"),
              step("key", "copy-sent")))
if smaps_top:
    print("largest parts of Podium's PSS after 20 pages (first round):")
    for kb, name in smaps_top: print("  %7.1f MB  %s" % (kb / 1024, name))
if PERF:
    print("top of Podium's profile over the second pass (perf, self time; children in the report):")
    rep = subprocess.run(["perf", "report", "-i", TMP + "/perf.data", "--no-children", "--stdio", "-g", "none", "--percent-limit", "2",
                          "--sort", "comm,dso,symbol"], capture_output=True, text=True).stdout
    print("\n".join("  " + l.strip() for l in rep.splitlines() if l.strip() and not l.startswith("#"))[:3000])
    if os.environ.get("BENCH_PERF_DATA"): os.replace(TMP + "/perf.data", os.environ["BENCH_PERF_DATA"])
PY
