import XCTest
@testable import WebSearchScene
import PodiumKit

final class WebLinkTests: XCTestCase {
    func testOnlyAbsoluteHTTPLinksAreAccepted() throws {
        XCTAssertEqual(try WebLink("https://en.wikipedia.org/wiki/Radiohead").description, "https://en.wikipedia.org/wiki/Radiohead")
        XCTAssertEqual(try WebLink("HTTP://example.org/a?b=c#d").url.host, "example.org")
        XCTAssertEqual(try WebLink("https://ru.wikipedia.org/wiki/Кино").url.host, "ru.wikipedia.org", "IRIs are percent-encoded")
        for bad in ["file:///etc/passwd", "javascript:alert(1)", "data:text/html,<script>", "ftp://x.org/f", "/etc/passwd",
                    "--help", "-e https://x.org", "https://", "https://user:pw@x.org/", "https://x.org/a b", "https://x.org/\n--x",
                    "", "mailto:a@b.c", "smb://host/share"] {
            XCTAssertThrowsError(try WebLink(bad), bad)
        }
        XCTAssertThrowsError(try WebLink("file:///etc/passwd")) { XCTAssertTrue("\($0)".contains("only http and https")) }
    }

    /// The opener gets the URL as one argument and no shell ever sees it: a URL full of shell
    /// syntax arrives byte for byte and runs nothing.
    func testOpenerPassesTheURLAsOneArgumentWithoutAShell() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let record = dir.appendingPathComponent("args"), pwned = dir.appendingPathComponent("pwned")
        let script = dir.appendingPathComponent("fake-xdg-open")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(record.path)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let hostile = "https://example.org/$(touch%20\(pwned.path))`touch${IFS}\(pwned.path)`;touch|\(pwned.path)&x=1"
        let link = try WebLink(hostile)
        XCTAssertEqual(try BrowserOpener(executable: script.path).openAndWait(link), 0)
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["1", link.url.absoluteString])
        XCTAssertFalse(FileManager.default.fileExists(atPath: pwned.path))
    }

    func testMissingOpenerIsAClearError() throws {
        XCTAssertThrowsError(try BrowserOpener(executable: "podium-no-such-opener").open(try WebLink("https://x.org"))) {
            XCTAssertEqual("\($0)", "podium-no-such-opener not found (install xdg-utils to open links in a browser)")
        }
    }
}
