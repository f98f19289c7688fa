# Podium — see README.md. `make demo` and `make test` work on a fresh Debian 12 machine.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Build and run needs: SDL2 + image, fonts (Latin/Cyrillic/Hebrew/Arabic + CJK + Devanagari +
# colour emoji), SQLite.
RUNTIME_PKGS := libsdl2-dev libsdl2-image-dev libsqlite3-dev \
                fonts-dejavu-core fonts-wqy-microhei fonts-lohit-deva fonts-noto-color-emoji python3
# Every JSON text (decks, key maps, sidecars, manifests, control requests): jansson, strict.
RUNTIME_PKGS += libjansson-dev
# Text: Pango with cairo lays out and draws all text (HarfBuzz shaping, bidi, line breaking,
# fontconfig fallback); see README "Text".
RUNTIME_PKGS += libpango1.0-dev
# Band list: ICU collation (sort keys, locale-aware order); its tests also use the sqlite3 shell.
RUNTIME_PKGS += libicu-dev
# Markdown (presenter notes, web pages): GitHub's CommonMark parser with its extensions.
RUNTIME_PKGS += libcmark-gfm-dev libcmark-gfm-extensions-dev
# Web search: HTML pages and MediaWiki snippets through libxml2's HTML parser.
RUNTIME_PKGS += libxml2-dev
# Map search: GLU's polygon tessellator fills map areas with holes (libglu1-mesa-dev).
RUNTIME_PKGS += libglu1-mesa-dev
# image header reading before decoding (libpng, libjpeg, libwebp); EXIF orientation (libexif)
RUNTIME_PKGS += libpng-dev libjpeg-dev libwebp-dev libexif-dev
# Web search scene: "Open in Browser" runs xdg-open.
RUNTIME_PKGS += xdg-utils
# PDF scene: poppler-glib renders pages with cairo (cairo's PDF surface also writes the test PDFs).
RUNTIME_PKGS += libpoppler-glib-dev libcairo2-dev
# PDF scene: rendered pages are kept LZ4-compressed, so a page shown before is never rendered again.
RUNTIME_PKGS += liblz4-dev
# PDF scene: pages kept for long are packed again with Zstandard while the talk rests.
RUNTIME_PKGS += libzstd-dev
# PDF scene: pages hashed tile by tile (xxHash's header), so an advance copies only the tiles that differ.
RUNTIME_PKGS += libxxhash-dev
# Xlib and MIT-SHM: pages presented from X server pixmaps (Sources/CX11Present).
RUNTIME_PKGS += libx11-dev libxext-dev
# Map search and web search: online tiles, geocoder and MediaWiki go through libcurl (PodiumNet).
RUNTIME_PKGS += libcurl4 libcurl4-openssl-dev
# Links plugin (Plugins/Links, built out of tree) and the remote's pairing code: QR codes from libqrencode.
RUNTIME_PKGS += libqrencode-dev
# Media scene: GStreamer (playbin, appsink, discoverer) with the VP8/Vorbis/WebM decoders of
# -base and -good; gstreamer1.0-tools' gst-launch-1.0 makes the tests' clips.
RUNTIME_PKGS += libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base \
                gstreamer1.0-plugins-good
# The network remote (`present --remote`): libsoup 3's HTTP + WebSocket server.
RUNTIME_PKGS += libsoup-3.0-dev
# Follower screens (`present --broker`, `podium follow`): libmosquitto's MQTT client; SHA-256 from libcrypto.
RUNTIME_PKGS += libmosquitto-dev libssl-dev
# Hot-plug: X11 RandR is read directly (SDL2 keeps stale X11 modes).
RUNTIME_PKGS += libxrandr-dev
# The compositor's output names on Wayland (wl_output v4), which SDL 2.26 does not report.
RUNTIME_PKGS += libwayland-dev
# Tests and the headless demo also need real display servers and their tools: Xorg's dummy
# driver, a nested sway (run as `nobody` in a PID namespace: setpriv, unshare from util-linux;
# root let into Xwayland with xhost; grim reads back what an output shows), xrandr and cvt (xcvt: only a Recommends of Xorg, and
# apt-install.sh skips those), the sqlite3 shell for the store tests, openbox with xprop and
# xwininfo (x11-utils) for the swap tests under a stacking window manager, and zbarimg
# (zbar-tools), an independent QR reader for the Links plugin's and the remote's tests, and
# Debian's chromium with chromium-driver and python3-selenium for the phone remote's browser test.
# Text render tests compare with an independent rendering: Pillow with libraqm (Debian loads
# libraqm at run time). The tests run Debian's /usr/bin/python3, where these modules are, whatever
# python3 comes first on PATH (a pyenv one has neither Pillow nor Selenium).
TEST_PKGS := $(RUNTIME_PKGS) python3-pil libraqm0 xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils xdotool \
             xcvt libgl1-mesa-dri sway xwayland grim procps util-linux sqlite3 \
             openbox x11-utils zbar-tools gstreamer1.0-tools chromium chromium-driver python3-selenium
# The follower-screen tests start a real MQTT broker (mosquitto, with mosquitto_passwd); openssl
# makes the private CA of their TLS test.
TEST_PKGS += mosquitto openssl
# scripts/bench-advance.sh: its X watcher (bench-xwatch.c: DAMAGE events, XTest key presses) is
# built with cc; BENCH_PERF=1 profiles with perf.
TEST_PKGS += gcc libx11-dev libxdamage-dev libxtst6 linux-perf
# What `make demo` needs without a display server beside the runtime: the Xorg dummy rig
# (Tests/Rig/xorg-rig.sh: Xorg, its dummy driver, xrandr, cvt), not the whole test toolchain.
DEMO_PKGS := xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils xcvt
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)

.PHONY: demo test bench fuzz docs build deps demo-deps test-deps clean

demo: deps build
	scripts/demo.sh

# The tests and every process they start get a private HOME and XDG directories (never the user's);
# the run fails if anything under the real ones was created or changed meanwhile.
test: test-deps
	scripts/check-main-actor-tests.sh
	$(SWIFT) build --build-tests
	home=$$(mktemp -d /tmp/podium-test-home.XXXXXX); touch $$home/.start; \
	HOME=$$home XDG_CONFIG_HOME=$$home/.config XDG_DATA_HOME=$$home/.local/share XDG_STATE_HOME=$$home/.local/state \
	XDG_CACHE_HOME=$$home/.cache $(SWIFT) test --skip-build --disable-swift-testing 2>&1 | tee .build/test.log; status=$${PIPESTATUS[0]}; \
	touched=$$(find $${XDG_CONFIG_HOME:-$$HOME/.config} $${XDG_DATA_HOME:-$$HOME/.local/share} $${XDG_STATE_HOME:-$$HOME/.local/state} \
	  $${XDG_CACHE_HOME:-$$HOME/.cache} -newer $$home/.start -path '*podium*' 2>/dev/null | head -5); \
	if [ -n "$$touched" ]; then echo "tests wrote the user's data: $$touched"; status=1; fi; \
	rm -rf $$home; scripts/test-summary.sh .build/test.log; exit $$status

# Every parser of outside input under libFuzzer + ASan, FUZZ_SECONDS each (scripts/fuzz.sh).
FUZZ_SECONDS ?= 30
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

bench: test-deps build
	scripts/bench.sh

# The built-in plugins are shared libraries beside the binary (Package.swift's `.dynamic` library
# products, read from there), opened only when a deck or command uses one: `--product podium`
# alone does not build them. The remote's server (PodiumRemoteServer, opened with --remote) is one
# of those products too.
BUILTIN_PLUGINS := $(shell grep -o 'library.name: "[A-Za-z0-9]*", type: .dynamic' Package.swift | cut -d'"' -f2)
build:
	$(SWIFT) build -c release --product podium
	$(SWIFT) build -c release --product podium-watch
	for p in $(BUILTIN_PLUGINS); do $(SWIFT) build -c release --product $$p || exit 1; done
	scripts/check-host-imports.sh

# PodiumKit's API reference (docc, warnings are errors) as a static site in .build/docs/site.
docs:
	SWIFT=$(SWIFT) scripts/docs.sh

deps:
	@scripts/apt-install.sh $(RUNTIME_PKGS)

demo-deps:
	@scripts/apt-install.sh $(RUNTIME_PKGS) $(DEMO_PKGS)

test-deps:
	@scripts/apt-install.sh $(TEST_PKGS)

clean:
	rm -rf .build
