import Foundation
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// A test case on SDL's offscreen video driver (checked) with the software renderer, a text
/// engine and a fresh temporary directory `dir`, removed afterwards.
@MainActor
class OffscreenTestCase: XCTestCase {
    let text = TextEngine()
    var dir: URL!
    /// The temporary directory's name prefix.
    class var directoryName: String { "render" }

    override func setUp() async throws {
        setenv("SDL_RENDER_DRIVER", "software", 1)
        if SDLVideo.currentDriver.isEmpty { try SDLVideo.start(driver: "offscreen") }
        XCTAssertEqual(SDLVideo.currentDriver, "offscreen")
        dir = TestPaths.tempDir(Self.directoryName)
    }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }
}
