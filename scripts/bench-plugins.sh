#!/usr/bin/env bash
# Figures for scene plugins (never pass/fail): out-of-tree build time of Plugins/Example, and the
# cost of loading it (dlopen + checks) as the wall time of `podium plugins`, median of 7 runs,
# with and without the plugin on the path.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-home.sh
root=$PWD
swift build --product podium >/dev/null 2>&1
# The built-in plugins' libraries beside it (Package.swift's .dynamic products), as `podium plugins` lists them.
for p in $(sed -n 's/^ *\.library(name: "\([A-Za-z0-9]*\)", type: \.dynamic.*/\1/p' Package.swift); do swift build --product "$p" >/dev/null 2>&1; done
work=$(mktemp -d /tmp/podium-bench-plugins.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp -r Plugins/Example "$work/src"; rm -rf "$work/src/.build"
start=$(date +%s%N)
(cd "$work/src" && PODIUM_SOURCE="$root" swift build >/dev/null 2>&1)
build_ms=$(( ($(date +%s%N) - start) / 1000000 ))
mkdir -p "$work/plugins/example"
cp -r "$work/src/.build/debug/libExampleScene.so" "$work/src/plugin.json" "$work/src/Assets" "$work/plugins/example/"

median_ms() { # median wall time in ms of 7 runs of the given command
  for _ in 1 2 3 4 5 6 7; do
    s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $(( (e - s) / 1000000 ))
  done | sort -n | sed -n 4p
}
export XDG_DATA_HOME="$work/xdg"
without=$(median_ms .build/debug/podium plugins --json)
with=$(median_ms .build/debug/podium plugins --json --plugin-path "$work/plugins")
printf 'plugins: example out-of-tree debug build (clean) %d.%d s\n' $((build_ms / 1000)) $((build_ms % 1000 / 100))
printf 'plugins: `podium plugins` built-ins only %d ms, with the example loaded %d ms (load cost ~%d ms)\n' "$without" "$with" $((with - without))
