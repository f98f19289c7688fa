import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A browser script of Tests/Remote (Python, Selenium, Debian's chromium) run in phases: it prints
/// one JSON line per phase and waits for a line on stdin while the test drives the talk through the
/// control socket. Skips the test when chromium, chromedriver or Selenium is missing.
final class BrowserScript {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()

    /// Starts `Tests/Remote/<name>` with `arguments`, HOME and XDG_* in `dir`.
    init(_ name: String, _ arguments: [String], dir: URL) throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "\(tool) missing: make test-deps (chromium, chromium-driver)")
        }
        try XCTSkipUnless(try runProcess("/usr/bin/python3", ["-c", "import selenium"]).status == 0, "Selenium missing: make test-deps (python3-selenium)")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [TestPaths.root.appendingPathComponent("Tests/Remote/\(name)").path] + arguments
        var e = ProcessInfo.processInfo.environment
        for (k, v) in TestPaths.privateHome(in: dir) { e[k] = v }
        process.environment = e
        process.standardInput = input; process.standardOutput = output; process.standardError = errors
        try process.run()
    }

    /// The next phase's JSON line; fails (with the script's stderr) when it is not `phase`.
    func phase(_ phase: String) throws -> JSONValue {
        var bytes: [UInt8] = []
        let reader = output.fileHandleForReading
        while let b = try? reader.read(upToCount: 1), let c = b.first, c != 10 { bytes.append(c) }
        let v = (try? JSONValue.parse(Data(bytes))) ?? .null
        guard v["phase"]?.string == phase else {
            if process.isRunning { process.terminate() }
            _ = reap(process, seconds: 10)
            let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw BrowserScriptError(description: "expected phase \(phase), got \(String(decoding: bytes, as: UTF8.self).prefix(300)); stderr: \(err.suffix(2000))")
        }
        return v
    }

    /// Lets the script go on to its next phase.
    func proceed() { input.fileHandleForWriting.write(Data("\n".utf8)) }

    /// Ends the script if it still runs, and waits for it.
    func finish() { if process.isRunning { process.terminate() }; _ = reap(process, seconds: 10) }
}

struct BrowserScriptError: Error, CustomStringConvertible { var description: String }
