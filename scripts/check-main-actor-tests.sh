#!/usr/bin/env bash
# Finds synchronous test methods of main-actor XCTestCase classes. On Linux, XCTest's test
# discovery cannot call one: the whole test binary aborts before any test runs ("Could not cast
# value of type '(X) -> @MainActor () throws -> ()'"). Such methods must be `async` (or
# `async throws`); a class that drives views, scenes or the presentation is `@MainActor`, and so
# is every subclass of one. Exit 1 naming file:line of each; run by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - Tests <<'PY'
import os, re, sys
files = [os.path.join(d, f) for d, _, fs in os.walk(sys.argv[1]) for f in fs if f.endswith(".swift")]
decl = re.compile(r"^(?:(@MainActor)\s+)?(?:(?:final|open|public)\s+)*class\s+(\w+)\s*:\s*(\w+)", re.M)
isolated, bases = set(), {}
for p in files:
    for m in decl.finditer(open(p, encoding="utf-8").read()):
        bases[m.group(2)] = m.group(3)
        before = open(p, encoding="utf-8").read()[:m.start()].rstrip()
        if m.group(1) or before.endswith("@MainActor"):
            isolated.add(m.group(2))
changed = True
while changed:   # subclasses of a main-actor class are main-actor too
    changed = False
    for c, b in bases.items():
        if b in isolated and c not in isolated:
            isolated.add(c); changed = True
bad = []
for p in sorted(files):
    current = None
    for n, line in enumerate(open(p, encoding="utf-8"), 1):
        m = decl.match(line)
        if m: current = m.group(2); continue
        if re.match(r"^\S", line) and not line.startswith("@") and not line.startswith("}"): current = None
        t = re.match(r"^    (@MainActor\s+)?func (test\w*)\(\)\s*(async)?", line)
        if t and not t.group(3) and (current in isolated or t.group(1)):
            bad.append(f"{p}:{n}: {current}.{t.group(2)} is a synchronous main-actor test method: make it async")
for b in bad: print(b)
if bad:
    print("check-main-actor-tests: XCTest on Linux aborts the whole test binary on these (see the script's comment)", file=sys.stderr)
    sys.exit(1)
print(f"check-main-actor-tests: every test method of the {len(isolated)} main-actor test classes is async")
PY
