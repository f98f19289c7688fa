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

/// A SceneContext that records what the scene asked of the host.
final class RecordingContext: SceneContext {
    let pluginID = "org.podium.map-search"
    let theme = Theme.standard
    let dataDirectory: URL
    let assetsDirectory = Fixtures.packageRoot.appendingPathComponent("Assets")
    let deckDirectory: URL
    let root = WindowRoot(metrics: FixedMetrics())
    var popovers: [(source: String, anchor: Rect, content: View)] = []
    var opened: [(kind: String, parameters: [String: JSONValue])] = []
    var logs: [String] = []
    var timers: [(ms: Int, body: () -> Void, token: TimerToken)] = []

    init(name: String) {
        dataDirectory = Fixtures.temporaryDirectory(name)
        deckDirectory = assetsDirectory.appendingPathComponent("Decks")
        root.resize(to: Size(1280, 800))
    }
    func setNeedsDisplay() {}
    func schedule(afterMilliseconds ms: Int, repeats: Bool, _ body: @escaping () -> Void) -> TimerToken {
        let t = TimerToken(); timers.append((ms, body, t)); return t
    }
    func openScene(kind: String, parameters: [String: JSONValue]) { opened.append((kind, parameters)) }
    func presentPopover(_ content: View, preferredSize: Size, from anchor: Rect, source: String,
                        permittedDirections: Set<ArrowDirection>) -> Popover? {
        popovers.append((source, anchor, content))
        let p = Popover(content: content, preferredSize: preferredSize, anchor: anchor, source: source, permitted: permittedDirections)
        return root.present(p) ? p : nil
    }
    func presentActionSheet(_ sheet: ActionSheet, from anchor: Rect, source: String) {}
    /// As the host does: the popover follows its anchor view.
    func presentPopover(_ content: View, preferredSize: Size, at anchor: PopoverAnchor, source: String,
                        permittedDirections: Set<ArrowDirection>) -> Popover? {
        popovers.append((source, anchor.resolve(in: root) ?? .zero, content))
        return root.presentPopover(content, preferredSize: preferredSize, at: anchor, source: source, permitted: permittedDirections)
    }
    func setClipboard(_ text: String) {}
    func log(_ message: String) { logs.append(message) }

    /// Runs due timers once (tests drive time by hand).
    func fireTimers() { for t in timers where !t.token.isCancelled { t.body() } }
}
