import Foundation
import PodiumTestSupport
import XCTest

/// Screenshots of the presenter window over the control socket (on the offscreen driver its
/// preview is what the room sees), saved in a test's folder.
struct PresenterShots {
    let client: ControlClient
    let dir: URL

    func take(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> PNGImage {
        let path = dir.appendingPathComponent("\(name).png").path
        let r = try client.send(["cmd": "screenshot", "window": "presenter", "path": .string(path)])
        XCTAssertEqual(r["ok"]?.bool, true, "\(r)", file: file, line: line)
        return try PNGImage(path: path)
    }

    /// Screenshots until `predicate` holds for one, at most `seconds`; nil if none did.
    func wait(seconds: Double = 8, _ predicate: (PNGImage) -> Bool) throws -> PNGImage? {
        let deadline = Date().addingTimeInterval(seconds)
        var n = 0
        while Date() < deadline {
            let shot = try take("shot\(n)"); n += 1
            if predicate(shot) { return shot }
            usleep(100_000)
        }
        return nil
    }
}
