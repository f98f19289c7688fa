// swift-tools-version:6.0
// A Podium scene plugin, built OUT of Podium's tree as its own package. It links PodiumKit as the
// shared library libPodiumKit.so, the same one the `podium` host links (docs/WritingPlugins.md).
//
//   PODIUM_SOURCE=/path/to/podium swift build        # default: ../.. (this folder inside Podium)
//
// PODIUM_SOURCE must be the Podium checkout the host was built from, built by the same compiler.
import PackageDescription

let podiumSource = Context.environment["PODIUM_SOURCE"] ?? "../.."

let package = Package(
    name: "ExampleScene",
    products: [
        // `.dynamic`: the plugin is a shared library that `podium` loads with dlopen.
        .library(name: "ExampleScene", type: .dynamic, targets: ["ExampleScene"]),
    ],
    dependencies: [
        .package(path: "\(podiumSource)/Sources/PodiumKit"),
    ],
    targets: [
        .target(name: "ExampleScene", dependencies: [.product(name: "PodiumKit", package: "PodiumKit")]),
    ],
    swiftLanguageModes: [.v6]
)
