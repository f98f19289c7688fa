#!/usr/bin/env bash
# PodiumKit's ABI against the committed baseline, with the toolchain's swift-api-digester.
#
#   scripts/abi-check.sh [BASELINE CURRENT]
#
# BASELINE defaults to the newest Sources/PodiumKit/ABI/PodiumKit-MAJOR.MINOR.swiftinterface;
# CURRENT to the interface `swift build` emits (PodiumKit is built with library evolution).
# Both are dumped the same way (-dump-sdk -abi from the interface) and compared (-diagnose-sdk
# -abi). A break fails (exit 1) unless the API major version in Sources/PodiumKit/Scene/Plugin.swift
# is above the baseline's: then the baseline is due for a refresh (--update writes it).
set -euo pipefail
cd "$(dirname "$0")/.."
digester=$(command -v swift-api-digester || echo /opt/swift/usr/bin/swift-api-digester)
abi=Sources/PodiumKit/ABI
host=$(sed -n 's/.*hostAPIVersion = APIVersion(major: \([0-9]*\), minor: \([0-9]*\)).*/\1.\2/p' Sources/PodiumKit/Scene/Plugin.swift)
built=.build/debug/Modules/PodiumKit.swiftinterface

if [ "${1:-}" = --update ]; then
  [ -f "$built" ] || { echo "abi-check: build first (swift build)" >&2; exit 2; }
  rm -f "$abi"/PodiumKit-*.swiftinterface
  cp "$built" "$abi/PodiumKit-$host.swiftinterface"
  echo "abi-check: baseline is now API $host ($abi/PodiumKit-$host.swiftinterface)"
  exit 0
fi

baseline=${1:-$(ls "$abi"/PodiumKit-*.swiftinterface 2>/dev/null | sort -V | tail -n 1)}
current=${2:-$built}
[ -f "$baseline" ] || { echo "abi-check: no baseline in $abi" >&2; exit 2; }
[ -f "$current" ] || { echo "abi-check: no current interface at $current (swift build first)" >&2; exit 2; }
base_version=$(basename "$baseline" .swiftinterface); base_version=${base_version#PodiumKit-}

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
dump() { # interface → ABI dump, through a module folder the digester can import
  mkdir -p "$work/$1/PodiumKit.swiftmodule"
  cp "$2" "$work/$1/PodiumKit.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
  (cd "$work" && "$digester" -dump-sdk -abi -module PodiumKit -I "$work/$1" -module-cache-path "$work/cache" -o "$work/$1.json")
}
dump base "$baseline"; dump current "$current"
# Linux has no @available platforms: "new API without '@available'" is noise, not a break.
"$digester" -diagnose-sdk -abi --input-paths "$work/base.json" --input-paths "$work/current.json" 2>&1 \
  | grep -v "is a new API without '@available'" | grep -Ev '^(/\*.*\*/)?$' > "$work/breaks" || true

if [ ! -s "$work/breaks" ]; then
  echo "abi-check: PodiumKit $host keeps the ABI of baseline $base_version"
  exit 0
fi
echo "abi-check: PodiumKit's ABI differs from baseline $base_version:"
sed 's/^/  /' "$work/breaks"
if [ "${host%%.*}" -gt "${base_version%%.*}" ]; then
  echo "abi-check: API major raised to $host: allowed; refresh the baseline with scripts/abi-check.sh --update"
  exit 0
fi
echo "abi-check: FAIL: a break needs a major version bump (PluginDescriptor.hostAPIVersion and PluginEntry.apiMajor), see docs/WritingPlugins.md §6" >&2
exit 1
