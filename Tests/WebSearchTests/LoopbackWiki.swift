import Foundation
import PodiumTestSupport
import XCTest

/// The recorded-response MediaWiki stand-in (`Fixtures/mediawiki_server.py`) on 127.0.0.1: started
/// per test, always stopped and waited for in `stop()`.
final class LoopbackWiki {
    let server: ChildProcess
    let port: Int
    let log: URL
    var endpoint: String { "http://127.0.0.1:\(port)/w/api.php" }

    init() throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("websearch-wiki-\(UUID().uuidString).log")
        server = try ChildProcess("/usr/bin/python3", [Fixtures.folder.appendingPathComponent("mediawiki_server.py").path, log.path], stdout: .pipe)
        // The server prints its port on the first line once it listens.
        var line = Data()
        while !line.contains(10) {
            let chunk = server.stdout!.fileHandleForReading.availableData
            if chunk.isEmpty { server.waitForExit(); throw NSError(domain: "LoopbackWiki", code: 1, userInfo: [NSLocalizedDescriptionKey: "server exited before listening"]) }
            line += chunk
        }
        guard let p = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.stop(); throw NSError(domain: "LoopbackWiki", code: 2)
        }
        port = p
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: log)
    }

    /// One entry per request the server saw: path, query items, User-Agent.
    func requests() -> [[String: Any]] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
