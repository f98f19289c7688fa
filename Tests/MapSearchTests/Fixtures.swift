import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// Paths and helpers shared by the map tests.
enum Fixtures {
    static let packageRoot = TestPaths.root
    static let helsinki = packageRoot.appendingPathComponent("Assets/Maps/helsinki.sqlite").path
    /// Tritone Records, Sofiankatu 8 (OSM node 5865570485).
    static let tritone = LatLon(lat: 60.1687827, lon: 24.9519734)
    /// Kuvatehdas, Asematunneli (OSM node 2587284466).
    static let kuvatehdas = LatLon(lat: 60.1705027, lon: 24.9409860)

    static func database() throws -> MapDatabase { try MapDatabase(path: helsinki) }

    static func temporaryDirectory(_ name: String) -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("podium-map-\(name)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }
}

/// The stand-in host for map scenes, with its own data directory.
@MainActor func mapContext(_ name: String) -> FakeSceneContext {
    FakeSceneContext(pluginID: "org.podium.map-search", dataDirectory: Fixtures.temporaryDirectory(name))
}

/// A map scene as deck scene 3, its presenter view filling a 1280×800 console.
@MainActor func makeMapScene(_ params: [String: JSONValue] = [:], context: FakeSceneContext) throws -> MapSearchScene {
    let p = SceneParameters(params, path: "scenes[2].parameters")
    let s = try MapSearchScene(MapSearchOptions(p), parameters: p, context: context)
    context.root.content.addSubview(s.presenterView.pinned(.fill()))
    context.root.resize(to: Size(1280, 800))
    return s
}
