import Foundation
@testable import PodiumSDL
import XCTest

/// Tests that draw with SDL's offscreen driver and the software renderer (pixel-exact, no
/// display server); the driver SDL actually chose is checked.
@MainActor
class OffscreenSDLTestCase: XCTestCase {
    let text = TextEngine()

    override func setUp() async throws {
        setenv("SDL_RENDER_DRIVER", "software", 1)
        try SDLVideo.start(driver: "offscreen")
        XCTAssertEqual(SDLVideo.currentDriver, "offscreen")
    }
    override func tearDown() async throws { SDLVideo.stop() }
}
