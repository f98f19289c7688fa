import Foundation
import XCTest

/// Paths of the recorded responses and a scratch directory removed after each test.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// A fresh temporary directory; the caller removes it in `tearDown`.
    static func temporaryDirectory() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("websearch-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}
