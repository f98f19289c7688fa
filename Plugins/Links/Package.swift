// swift-tools-version:6.0
// The Links scene plugin: the talk's links as QR codes. Built OUT of Podium's tree as its own
// package, like Plugins/Example, and linking PodiumKit as the shared libPodiumKit.so
// (docs/WritingPlugins.md). QR codes come from Debian's libqrencode (apt: libqrencode-dev).
//
//   PODIUM_SOURCE=/path/to/podium swift build        # default: ../.. (this folder inside Podium)
import PackageDescription

let podiumSource = Context.environment["PODIUM_SOURCE"] ?? "../.."

let package = Package(
    name: "LinksScene",
    products: [
        .library(name: "LinksScene", type: .dynamic, targets: ["LinksScene"]),
    ],
    dependencies: [
        .package(path: "\(podiumSource)/Sources/PodiumKit"),
    ],
    targets: [
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "LinksScene", dependencies: ["CQREncode", .product(name: "PodiumKit", package: "PodiumKit")]),
    ],
    swiftLanguageModes: [.v6]
)
