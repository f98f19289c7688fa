#!/usr/bin/env bash
# `make docs`: PodiumKit's API reference as a static site, from its doc comments, with the
# toolchain's own tools: swift-symbolgraph-extract reads the built module, `docc convert` renders
# it with docs/PodiumKit.docc (landing page and topic groups). Any docc warning (a broken symbol
# link, a topic naming a symbol that is gone) fails the build.
#   output: $DOCS_OUT/site, default .build/docs/site (open documentation/podiumkit/ through a
#   static web server); DOCS_CATALOG replaces docs/PodiumKit.docc (tests use both).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
BIN=$(dirname "$(readlink -f "$SWIFT")")
out=${DOCS_OUT:-.build/docs}
catalog=${DOCS_CATALOG:-docs/PodiumKit.docc}
rm -rf "$out/symbols" "$out/site"
mkdir -p "$out/symbols"

# PodiumKit alone, in a scratch folder of its own so the main build is left as it is.
scratch=.build/docs/kit-build
"$SWIFT" build --package-path Sources/PodiumKit --scratch-path "$scratch" >&2
modules=$("$SWIFT" build --package-path Sources/PodiumKit --scratch-path "$scratch" --show-bin-path)/Modules
target=$("$SWIFT" -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')

"$BIN/swift-symbolgraph-extract" -module-name PodiumKit -target "$target" -I "$modules" \
    -minimum-access-level public -output-dir "$out/symbols"

"$BIN/docc" convert "$catalog" \
    --additional-symbol-graph-dir "$out/symbols" \
    --fallback-display-name PodiumKit --fallback-bundle-identifier org.podium.PodiumKit \
    --transform-for-static-hosting --warnings-as-errors \
    --output-path "$out/site"
echo "API reference: $out/site/documentation/podiumkit/index.html" \
     "(serve it: python3 -m http.server -d $out/site 8000, then http://localhost:8000/documentation/podiumkit/)"
