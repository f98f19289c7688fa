// swift-tools-version:6.0
// PodiumKit as its own package so it can be ONE shared library (`libPodiumKit.so`) that both the
// `podium` host and every scene plugin link. SwiftPM links a target of the same package
// statically into an executable, even when a `.dynamic` product names it; only a *product*
// dependency on another package is linked dynamically. Two static copies would give the host
// and a plugin distinct Swift type metadata, and `as?` casts across the boundary would fail.
//
// Out-of-tree plugins depend on this package by path (see docs/WritingPlugins.md).
//
// Built with library evolution (and a .swiftinterface): types and protocols can grow in a minor
// API version without breaking plugins built against an older one. `scripts/abi-check.sh`
// compares the ABI with the baseline in ABI/ (swift-api-digester).
import PackageDescription

let package = Package(
    name: "PodiumKit",
    products: [
        .library(name: "PodiumKit", type: .dynamic, targets: ["PodiumKit"]),
    ],
    targets: [
        // Debian's jansson (libjansson-dev): every JSON text Podium and its plugins read.
        .systemLibrary(name: "CJansson", path: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .target(name: "PodiumKit", dependencies: ["CJansson"], path: ".", exclude: ["Package.swift", "ABI", "CJansson"], swiftSettings: [.unsafeFlags(["-enable-library-evolution", "-emit-module-interface"])]),
    ],
    swiftLanguageModes: [.v6]
)
