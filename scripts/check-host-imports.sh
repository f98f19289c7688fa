#!/usr/bin/env bash
# The executable names no plugin: no file in Sources/podium imports a scene plugin's module (the
# targets Package.swift builds from Plugins/), and the `podium` target depends on none of them.
# Built-in plugins are shared libraries it opens at run time (Sources/podium/BuiltInPluginList.swift).
# And SDL is imported by PodiumSDL alone, the platform layer. Exit 1 naming each offending line.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=$(sed -n 's/.*\.target(name: "\([A-Za-z0-9_]*\)".*path: "Plugins\/.*/\1/p' Package.swift)
[ -n "$modules" ] || { echo "check-host-imports: no plugin targets found in Package.swift" >&2; exit 2; }
status=0
for m in $modules; do
  if grep -nE "^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+(class |struct |enum |func |var |protocol )?$m([.[:space:]]|$)" Sources/podium/*.swift; then
    echo "check-host-imports: Sources/podium imports the plugin module $m (lines above)" >&2; status=1
  fi
done
deps=$(awk '/executableTarget\(name: "podium",/,/\]\)/' Package.swift)
for m in $modules; do
  if grep -q "\"$m\"" <<<"$deps"; then echo "check-host-imports: the podium target depends on the plugin module $m" >&2; status=1; fi
done
# One platform layer: SDL's modules are imported only by PodiumSDL (benchmark and test tools aside).
if grep -nE "^[[:space:]]*import[[:space:]]+(CSDL2|CSDL2Image)([.[:space:]]|$)" $(find Sources Plugins -name '*.swift' -not -path 'Sources/PodiumSDL/*' -not -path 'Sources/podium-bench-kit/*' -not -path '*/.build/*'); then
  echo "check-host-imports: only PodiumSDL may import SDL (lines above)" >&2; status=1
fi
# A PDF talk maps no libFoundation (issue 19: ~6 MB resident with its ICU data): the executable,
# the libraries it links and the PDF plugin's import FoundationEssentials (LaunchLibrariesTests).
essentials=$(for d in Sources/podium Sources/PodiumKit Sources/PodiumCore Sources/PodiumSDL Sources/PodiumMarkdown Sources/PodiumRemote Sources/PodiumBroker Sources/PodiumMedia Plugins/PDF; do if [ -d "$d" ]; then echo "$d"; fi; done)
if grep -rnE "^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+(class |struct |enum |func |var |protocol )?Foundation([.[:space:]]|$)" --include='*.swift' --exclude=Package.swift $essentials; then
  echo "check-host-imports: what a PDF talk loads imports FoundationEssentials, not Foundation (lines above)" >&2; status=1
fi
[ $status = 0 ] && echo "check-host-imports: Sources/podium imports none of: $(echo $modules); only PodiumSDL imports SDL; a PDF talk's modules import no Foundation"
exit $status
