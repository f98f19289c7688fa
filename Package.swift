// swift-tools-version:6.0
// Podium: a plugin-based presentation framework on SDL2.
//
// Layers, lowest first (each only imports the ones above it in this list):
//   C*            system libraries found with pkg-config (Debian's -dev packages)
//   PodiumKit     pure Swift: geometry, draw lists, input, views, popovers, the scene-plugin API
//   PodiumCore    pure Swift: deck model, display-role policy, presentation state, control protocol
//   PodiumSDL     the one platform module: displays, windows, renderer, text, images, events
//   Plugins/*     scene plugins, written against PodiumKit only
//   podium        the executable: command line, run loop, control socket
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
    ],
    // PodiumKit is a separate package with a `.dynamic` product so that the host and external
    // plugins share one libPodiumKit.so; `"PodiumKit"` below names that product.
    dependencies: [
        .package(path: "Sources/PodiumKit"),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf", providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXrandr", pkgConfig: "xrandr", providers: [.apt(["libxrandr-dev"])]),
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // Debian's libicu (libicu-dev), collation only; a C target so ICU's headers stay out of Swift.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // Debian's poppler-glib with cairo (libpoppler-glib-dev): PDF pages for the `pdf` scene.
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib cairo", providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]),

        // Debian's libcmark-gfm (GitHub's CommonMark parser): notes and Markdown web pages.
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .target(name: "PodiumMarkdown", dependencies: ["CCmarkGFM"]),
        // Image dimensions from the header (libpng, libjpeg, libwebp), checked before decoding.
        .target(name: "CImageHeader", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("webp")]),

        .target(name: "PodiumCore", dependencies: ["PodiumKit", "PodiumMarkdown"]),
        // Bounded HTTP (size cap, total deadline) for plugins that talk to outside servers:
        // Debian's libcurl (libcurl4-openssl-dev), driven directly so a transfer can be stopped.
        .target(name: "CBoundedHTTP", linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "PodiumNet", dependencies: ["CBoundedHTTP"]),
        // The network remote (`--remote`): libsoup 3's HTTP + WebSocket server on a thread of its
        // own (libsoup-3.0-dev), the pairing QR code from libqrencode (libqrencode-dev).
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .target(name: "CSoupRemote", dependencies: ["CSoup"]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "PodiumSDL", dependencies: ["PodiumKit", "PodiumCore", "CSDL2", "CSDL2TTF", "CSDL2Image", "CImageHeader", "CFontconfig", "CXrandr", "CWaylandClient"]),

        .target(name: "PodiumRemote", dependencies: ["PodiumKit", "PodiumCore", "PodiumSDL", "CSoupRemote", "CQRencode", "CSDL2", "CSDL2Image"]),

        .target(name: "TitleScene", dependencies: ["PodiumKit"], path: "Plugins/Title"),
        .target(name: "BandListScene", dependencies: ["PodiumKit", "CSQLite", "CICU", "CImageHeader"], path: "Plugins/BandList"),
        .target(name: "GalleryScene", dependencies: ["PodiumKit"], path: "Plugins/Gallery"),
        .target(name: "WebSearchScene", dependencies: ["PodiumKit", "PodiumNet", "CSQLite", "PodiumMarkdown"], path: "Plugins/WebSearch"),
        .target(name: "MapSearchScene", dependencies: ["PodiumKit", "PodiumNet", "CSQLite", "CImageHeader"], path: "Plugins/MapSearch"),
        .target(name: "PDFScene", dependencies: ["PodiumKit", "CPoppler"], path: "Plugins/PDF"),

        .executableTarget(name: "podium", dependencies: [
            "PodiumKit", "PodiumCore", "PodiumSDL", "TitleScene", "BandListScene",
            "GalleryScene",
            "WebSearchScene",
            "MapSearchScene",
            "PDFScene",
            "PodiumRemote",
        ]),

        .executableTarget(name: "podium-bench-kit", dependencies: ["PodiumKit", "PodiumSDL", "CSDL2"]),
        // libFuzzer targets for every parser of outside input (`make fuzz`); without the fuzzer
        // it replays files, so the seed corpus and found crashes run as tests.
        .executableTarget(name: "podium-fuzz", dependencies: ["PodiumKit", "PodiumCore", "BandListScene", "MapSearchScene", "PDFScene", "WebSearchScene"]),

        .target(name: "PodiumTestSupport", dependencies: ["PodiumKit", "CSDL2", "CSDL2Image"], path: "Tests/Support"),
        .testTarget(name: "PodiumKitTests", dependencies: ["PodiumKit", "PodiumTestSupport"]),
        .testTarget(name: "PodiumCoreTests", dependencies: ["PodiumCore", "PodiumKit", "PodiumTestSupport", "TitleScene"]),
        .testTarget(name: "PodiumSDLTests", dependencies: ["PodiumSDL", "PodiumKit", "PodiumTestSupport"]),
        .testTarget(name: "PodiumCLITests", dependencies: ["PodiumTestSupport"]),
        .testTarget(name: "PodiumPluginTests", dependencies: ["PodiumCore", "PodiumKit", "PodiumTestSupport", "CSDL2", "CSDL2Image"]),
        .testTarget(name: "PodiumDisplayTests", dependencies: ["PodiumCore", "PodiumKit", "PodiumTestSupport"]),
        .testTarget(name: "PodiumHotplugTests", dependencies: ["PodiumTestSupport"]),
        .testTarget(name: "BandListTests", dependencies: ["BandListScene", "PodiumKit", "PodiumTestSupport"]),
        .testTarget(name: "WebSearchTests", dependencies: ["WebSearchScene", "PodiumKit", "PodiumTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "PDFTests", dependencies: ["PDFScene", "CPoppler", "PodiumKit", "PodiumSDL", "CSDL2", "PodiumTestSupport"]),
        .testTarget(name: "MapSearchTests", dependencies: ["MapSearchScene", "PodiumKit", "PodiumSDL", "CSDL2", "CSDL2Image", "PodiumTestSupport"]),
        .testTarget(name: "ConsoleTests", dependencies: ["PodiumCore", "PodiumKit", "PodiumTestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
