// swift-tools-version:6.0
// Podium: a plugin-based presentation framework on SDL2.
//
// Layers, lowest first (each only imports the ones above it in this list):
//   C*            system libraries found with pkg-config (Debian's -dev packages)
//   PodiumKit     pure Swift: geometry, draw lists, input, views, popovers, the scene-plugin API
//   PodiumCore    pure Swift: deck model, display-role policy, presentation state, control protocol
//   PodiumSDL     the one platform module: displays, windows, renderer, text, images, events
//   Plugins/*     scene plugins, written against PodiumKit only
//   podium        the executable: command line, run loop, control socket; it imports no plugin
//                 (built-in plugins are shared libraries beside it, opened when a deck uses them)
//
// Scene plugins live in `Plugins/<Name>/` with an explicit `path:`; SwiftPM would otherwise treat
// `Plugins/` as the home of *package* plugins (build tools), which these are not.
import PackageDescription


let package = Package(
    name: "Podium",
    products: [
        .executable(name: "podium", targets: ["podium"]),
        .executable(name: "podium-bench-kit", targets: ["podium-bench-kit"]),
        .executable(name: "podium-fuzz", targets: ["podium-fuzz"]),
        // The crash watcher `podium present` starts beside a talk (C: libc, and the Swift runtime that
        // swiftc links into every executable, unused; Sources/CCrashWatch).
        .executable(name: "podium-watch", targets: ["podium-watch"]),
        // Built-in scene plugins, each its own shared library beside the executable, opened only
        // when a deck (or a command) uses it, as external plugins are: the executable names none
        // of them, and a talk that shows no map never loads GLU (Sources/podium/BuiltInPluginList.swift).
        .library(name: "TitleScene", type: .dynamic, targets: ["TitleScene"]),
        .library(name: "BandListScene", type: .dynamic, targets: ["BandListScene"]),
        .library(name: "GalleryScene", type: .dynamic, targets: ["GalleryScene"]),
        .library(name: "WebSearchScene", type: .dynamic, targets: ["WebSearchScene"]),
        .library(name: "MapSearchScene", type: .dynamic, targets: ["MapSearchScene"]),
        .library(name: "PDFScene", type: .dynamic, targets: ["PDFScene"]),
        .library(name: "MediaScene", type: .dynamic, targets: ["MediaScene"]),
        // The network remote's server (libsoup), opened only with `--remote` (CRemoteLoader).
        .library(name: "PodiumRemoteServer", type: .dynamic, targets: ["CSoupRemote"]),
    ],
    // PodiumKit is a separate package with a `.dynamic` product so that the host and external
    // plugins share one libPodiumKit.so; `"PodiumKit"` below names that product.
    dependencies: [
        .package(path: "Sources/PodiumKit"),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXrandr", pkgConfig: "xrandr", providers: [.apt(["libxrandr-dev"])]),
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // Debian's libicu (libicu-dev): collation, and AlphabeticIndex through a C++ shim; a C target so ICU's headers stay out of Swift.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // Debian's poppler-glib with cairo (libpoppler-glib-dev): PDF pages for the `pdf` scene.
        // Debian's Pango with cairo (libpango1.0-dev): every piece of text Podium lays out and draws.
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // Debian's GStreamer (libgstreamer1.0-dev, libgstreamer-plugins-base1.0-dev in the Makefile's lists): the `media` scene.
        // Opened on first use, not linked (Sources/CGStreamer/include/podium_gstreamer.h): a C target
        // whose public header has no GStreamer type, built with GStreamer's headers (their path:
        // pkg-config's would link the libraries too) and GLib's (CGObject: linked anyway, Pango needs it).
        .systemLibrary(name: "CGObject", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "CGStreamer", dependencies: ["CLazyLibrary", "CGObject"], cSettings: [.unsafeFlags(["-I/usr/include/gstreamer-1.0"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib cairo", providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]),
        // Debian's LZ4 (liblz4-dev): rendered PDF pages kept compressed (Plugins/PDF/Render/PageStore.swift).
        .systemLibrary(name: "CLZ4", pkgConfig: "liblz4", providers: [.apt(["liblz4-dev"])]),
        // Debian's Zstandard (libzstd-dev): stored PDF pages packed again densely while the talk
        // rests (Plugins/PDF/Render/PageRepack.swift); a decompression context per thread.
        .target(name: "CZstd", linkerSettings: [.linkedLibrary("zstd")]),
        // Debian's xxHash (libxxhash-dev, header only: compiled in, not linked): each rendered PDF
        // page hashed tile by tile, so an advance copies only the tiles that differ (Sources/CTileHash).
        .target(name: "CTileHash"),

        // Debian's libcmark-gfm (GitHub's CommonMark parser): notes and Markdown web pages.
        // Opened on first use, not linked (Sources/CCmarkGFM/include/podium_cmark.h; headers in /usr/include).
        .target(name: "CCmarkGFM", dependencies: ["CLazyLibrary"]),
        .target(name: "PodiumMarkdown", dependencies: ["CCmarkGFM"]),
        // Debian's libxml2 HTML parser: offline web pages and MediaWiki HTML (tolerant of broken markup).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Image dimensions from the header (libpng, libjpeg, libwebp), checked before decoding, and the
        // EXIF orientation (libexif) that turns a photo upright.
        // Opening a C library on first use instead of linking it (CTessellate, CRemoteLoader, CMosquitto, CGStreamer).
        .target(name: "CLazyLibrary"),
        .target(name: "CXMP", dependencies: ["CLazyLibrary"], cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // GLU's polygon tessellator (libglu1-mesa-dev): map areas with holes into triangles.
        // Opened with dlopen on the first shape drawn, not linked: most talks draw none.
        .target(name: "CTessellate", dependencies: ["CLazyLibrary"]),
        // libexif is opened on the first picture (podium_image_orientation.c), not linked.
        .target(name: "CImageHeader", dependencies: ["CLazyLibrary"], linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("webp")]),

        .target(name: "PodiumCore", dependencies: ["PodiumKit", "PodiumMarkdown"]),
        // One SQLite module for every plugin's database (statements, transactions, WAL, migrations).
        .target(name: "PodiumSQLite", dependencies: ["CSQLite"]),
        // Bounded HTTP (size cap, total deadline) for plugins that talk to outside servers:
        // Debian's libcurl (libcurl4-openssl-dev), driven directly so a transfer can be stopped.
        .target(name: "CBoundedHTTP", linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "PodiumNet", dependencies: ["CBoundedHTTP"]),
        // The network remote (`--remote`): libsoup 3's HTTP + WebSocket server on a thread of its
        // own (libsoup-3.0-dev), the pairing QR code from libqrencode (libqrencode-dev).
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // Built as its own shared library (the PodiumRemoteServer product), not into `podium`:
        // CRemoteLoader opens it, and libqrencode, only when --remote is given.
        .target(name: "CSoupRemote", dependencies: ["CSoup"]),
        .target(name: "CRemoteLoader", dependencies: ["CLazyLibrary"]),
        // The main dispatch queue (main-actor tasks, DispatchQueue.main) served by the SDL run loop.
        .target(name: "CMainQueue"),
        // Restarting a talk that crashed (`podium present`): a forked watcher, in C for fork and
        // signal handlers (Sources/CCrashWatch/include/podium_crash_watch.h).
        .target(name: "CCrashWatch"),
        .executableTarget(name: "podium-watch", dependencies: ["CCrashWatch"]),
        // Pages kept in the X server as Pixmaps and presented there (Xlib, MIT-SHM from libxext-dev):
        // the software renderer's audience frame that is just a page (Sources/PodiumSDL/ServerPixmaps.swift).
        .target(name: "CX11Present", linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xext"), .linkedLibrary("SDL2")]),
        // SDL_image opened on first use (a picture decoded, a snapshot or thumbnail encoded), not linked.
        .target(name: "CSDL2ImageLazy", dependencies: ["CSDL2", "CLazyLibrary"]),
        .target(name: "PodiumSDL", dependencies: ["PodiumKit", "PodiumCore", "CSDL2", "CSDL2ImageLazy", "CImageHeader", "CPango", "CXrandr", "CWaylandClient", "CTessellate", "CMainQueue", "CX11Present"]),

        .target(name: "PodiumRemote", dependencies: ["PodiumKit", "PodiumCore", "PodiumSDL", "CRemoteLoader"]),
        // Follower screens (`--broker`, `podium follow`): the talk's state as retained MQTT messages
        // through Debian's libmosquitto (libmosquitto-dev); deck identity by SHA-256 (libcrypto).
        // Opened on first use, not linked (Sources/CMosquitto/include/podium_mosquitto.h).
        .target(name: "CMosquitto", dependencies: ["CLazyLibrary"]),
        .target(name: "PodiumBroker", dependencies: ["PodiumKit", "PodiumCore", "CMosquitto"]),

        .target(name: "TitleScene", dependencies: ["PodiumKit"], path: "Plugins/Title"),
        .target(name: "BandListScene", dependencies: ["PodiumKit", "PodiumSQLite", "CSQLite", "CICU", "CImageHeader"], path: "Plugins/BandList"),
        .target(name: "GalleryScene", dependencies: ["PodiumKit"], path: "Plugins/Gallery"),
        .target(name: "WebSearchScene", dependencies: ["PodiumKit", "PodiumNet", "PodiumSQLite", "PodiumMarkdown", "CLibXML2"], path: "Plugins/WebSearch"),
        .target(name: "MapSearchScene", dependencies: ["PodiumKit", "PodiumNet", "PodiumSQLite", "CImageHeader"], path: "Plugins/MapSearch"),
        .target(name: "PDFScene", dependencies: ["PodiumKit", "CPoppler", "CLZ4", "CZstd", "CTileHash", "PodiumMedia", "CXMP"], path: "Plugins/PDF"),
        // GStreamer playback shared by the `media` scene and movies in PDF pages (#20).
        .target(name: "PodiumMedia", dependencies: ["PodiumKit", "CGStreamer"]),
        .target(name: "MediaScene", dependencies: ["PodiumKit", "PodiumMedia"], path: "Plugins/Media"),

        // The executable names no plugin: built-in ones are the `.dynamic` products above, opened
        // at run time (scripts/check-host-imports.sh keeps it that way).
        .executableTarget(name: "podium", dependencies: [
            "PodiumKit", "PodiumCore", "PodiumSDL", "CCrashWatch",
            "PodiumRemote",
            "PodiumBroker",
        ]),

        .executableTarget(name: "podium-bench-kit", dependencies: ["PodiumKit", "PodiumCore", "PodiumSDL", "CSDL2"]),
        // libFuzzer targets for every parser of outside input (`make fuzz`); without the fuzzer
        // it replays files, so the seed corpus and found crashes run as tests.
        .executableTarget(name: "podium-fuzz", dependencies: ["PodiumKit", "PodiumCore", "PodiumSDL", "PodiumBroker", "CImageHeader", "BandListScene", "MapSearchScene", "PDFScene", "WebSearchScene"]),

        .target(name: "PodiumTestSupport", dependencies: ["PodiumKit", "CSDL2", "CSDL2Image"], path: "Tests/Support"),
        .testTarget(name: "PodiumKitTests", dependencies: ["PodiumKit", "PodiumTestSupport"]),
        .testTarget(name: "PodiumCoreTests", dependencies: ["PodiumCore", "PodiumKit", "PodiumTestSupport", "TitleScene"]),
        .testTarget(name: "PodiumSDLTests", dependencies: ["PodiumSDL", "PodiumKit", "PodiumCore", "PodiumTestSupport", "CSDL2", "CX11Present"], exclude: ["Reference", "Fixtures"]),
        .testTarget(name: "PodiumCLITests", dependencies: ["PodiumTestSupport"]),
        .testTarget(name: "PodiumPluginTests", dependencies: ["PodiumCore", "PodiumKit", "PodiumTestSupport", "CSDL2", "CSDL2Image"]),
        .testTarget(name: "PodiumDisplayTests", dependencies: ["PodiumCore", "PodiumKit", "PodiumTestSupport"]),
        .testTarget(name: "PodiumHotplugTests", dependencies: ["PodiumTestSupport", "PodiumSDL"]),
        .testTarget(name: "BandListTests", dependencies: ["BandListScene", "PodiumKit", "PodiumTestSupport"]),
        .testTarget(name: "WebSearchTests", dependencies: ["WebSearchScene", "PodiumKit", "PodiumSDL", "PodiumTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "PDFTests", dependencies: ["PDFScene", "CPoppler", "PodiumKit", "PodiumSDL", "CSDL2", "PodiumTestSupport"]),
        .testTarget(name: "MapSearchTests", dependencies: ["MapSearchScene", "PodiumSQLite", "PodiumKit", "PodiumSDL", "CSDL2", "CSDL2Image", "PodiumTestSupport"]),
        .testTarget(name: "PodiumSQLiteTests", dependencies: ["PodiumSQLite", "CSQLite", "PodiumTestSupport"]),
        .testTarget(name: "MediaTests", dependencies: ["MediaScene", "PodiumMedia", "PDFScene", "CGStreamer", "PodiumKit", "PodiumCore", "PodiumTestSupport"]),
        .testTarget(name: "PodiumBrokerTests", dependencies: ["PodiumBroker", "PodiumCore", "PodiumKit", "PodiumTestSupport", "TitleScene"]),
        .testTarget(name: "ConsoleTests", dependencies: ["PodiumCore", "PodiumKit", "PodiumTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
