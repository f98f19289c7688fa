import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A browser script of Tests/Remote (Python, Selenium, Debian's chromium) run in phases: it prints
/// one JSON line per phase and waits for a line on stdin while the test drives the talk through the
/// control socket. Skips the test when chromium, chromedriver or Selenium is missing.
final class BrowserScript {
    let child: ChildProcess

    /// Starts `Tests/Remote/<name>` with `arguments`, HOME and XDG_* in `dir`.
    init(_ name: String, _ arguments: [String], dir: URL) throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "\(tool) missing: make test-deps (chromium, chromium-driver)")
        }
        try XCTSkipUnless(try runProcess("/usr/bin/python3", ["-c", "import selenium"]).status == 0, "Selenium missing: make test-deps (python3-selenium)")
        child = try ChildProcess("/usr/bin/python3", [TestPaths.root.appendingPathComponent("Tests/Remote/\(name)").path] + arguments,
                                 home: dir, stdin: .pipe, stdout: .pipe, stderr: .pipe)
    }

    /// The next phase's JSON line; fails (with the script's stderr) when it is not `phase`.
    func phase(_ phase: String) throws -> JSONValue {
        var bytes: [UInt8] = []
        let reader = child.stdout!.fileHandleForReading
        while let b = try? reader.read(upToCount: 1), let c = b.first, c != 10 { bytes.append(c) }
        let v = (try? JSONValue.parse(Data(bytes))) ?? .null
        guard v["phase"]?.string == phase else {
            _ = child.stop()
            let err = String(decoding: child.stderr!.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw BrowserScriptError(description: "expected phase \(phase), got \(String(decoding: bytes, as: UTF8.self).prefix(300)); stderr: \(err.suffix(2000))")
        }
        return v
    }

    /// Lets the script go on to its next phase.
    func proceed() { child.stdin!.fileHandleForWriting.write(Data("\n".utf8)) }

    /// Ends the script if it still runs, and waits for it.
    func finish() { _ = child.stop() }
}

struct BrowserScriptError: Error, CustomStringConvertible { var description: String }
