import Foundation
import PodiumTestSupport

/// The recorded responses and helper scripts in `Fixtures/`, plus the shared test paths.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var packageRoot: URL { TestPaths.root }
    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
    /// A fresh temporary directory; the caller removes it.
    static func temporaryDirectory() throws -> URL { TestPaths.tempDir("websearch-tests") }
}
