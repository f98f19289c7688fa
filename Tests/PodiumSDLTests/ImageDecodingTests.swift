import Foundation
import PodiumCore
import PodiumKit
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// Images are checked for pixel size from their header before decoding, truncated ones fail
/// cleanly, and while presenting they decode off the main thread: the frame is drawn without
/// them, and the window redraws when they are ready.
@MainActor
final class ImageDecodingTests: OffscreenTestCase {
    override class var directoryName: String { "images" }
    override func tearDown() async throws {
        MainThreadMailbox.shared.wake = nil
        MainThreadMailbox.shared.drain()
        try await super.tearDown()
    }

    /// Writes an RGB PNG of one colour with Python's zlib (identical rows compress to almost
    /// nothing, so a huge image is a small file, as in an image bomb).
    func png(_ name: String, _ w: Int, _ h: Int, rgb: (Int, Int, Int) = (255, 0, 0)) throws -> String {
        let path = dir.appendingPathComponent(name).path
        let script = """
        import struct, sys, zlib
        w, h = \(w), \(h)
        def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
        co = zlib.compressobj(9); row = b"\\x00" + bytes([\(rgb.0), \(rgb.1), \(rgb.2)]) * w
        idat = b"".join(co.compress(row) for _ in range(h)) + co.flush()
        open(sys.argv[1], "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
        """
        let r = try runProcess("/usr/bin/env", ["python3", "-c", script, path])
        XCTAssertEqual(r.status, 0, r.stderr)
        return path
    }

    func testOversizedImagesAreRefusedFromTheHeader() async throws {
        let bomb = try png("bomb.png", 9000, 9000)
        XCTAssertLessThan(try FileManager.default.attributesOfItem(atPath: bomb)[.size] as? Int ?? 0, 1 << 20)
        guard case let .failure(e) = ImageFile.size(bomb) else { return XCTFail("a 9000×9000 image was accepted") }
        XCTAssertEqual(e.reason, "is 9000×9000 pixels, larger than the 8192×8192 (40 megapixels) Podium decodes")
        guard case .failure = ImageFile.decode(bomb) else { return XCTFail("decoded anyway") }
        XCTAssertNil(ImageSizeCache().imageSize(bomb), "layout treats it as no image (the placeholder shows)")
        let ok = try png("ok.png", 300, 200)
        guard case let .success(d) = ImageFile.size(ok) else { return XCTFail("a 300×200 image was refused") }
        XCTAssertEqual(d.width, 300); XCTAssertEqual(d.height, 200)
        XCTAssertEqual(ImageSizeCache().imageSize(ok), Size(300, 200))
    }

    func testTruncatedAndNonImagesFailCleanly() async throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: try png("whole.png", 64, 64)))
        let cut = dir.appendingPathComponent("cut.png")
        try whole.prefix(whole.count - 20).write(to: cut)   // IDAT cut short, IEND gone
        guard case .failure = ImageFile.decode(cut.path) else { return XCTFail("a truncated PNG decoded") }
        let head = dir.appendingPathComponent("head.png")
        try whole.prefix(20).write(to: head)                // not even the whole IHDR
        guard case let .failure(e) = ImageFile.size(head.path) else { return XCTFail("a 20-byte PNG had a size") }
        XCTAssertEqual(e.reason, "not a complete PNG, JPEG, WebP, GIF or BMP image")
        let html = dir.appendingPathComponent("page.png")
        try Data("<html>rate limited</html>".utf8).write(to: html)
        guard case .failure = ImageFile.size(html.path) else { return XCTFail("HTML had an image size") }
        guard case .failure = ImageFile.size(dir.path) else { return XCTFail("a folder had an image size") }
    }

    /// With a run loop to wake (as in `present`), the first frame is drawn without the image and
    /// the window asks to be redrawn once the background decode is done.
    func testImagesDecodeOffTheMainThreadThenRedraw() async throws {
        let path = try png("red.png", 64, 64)
        // Work other tests left in the shared mailbox (a media scene's last frame) is not ours.
        MainThreadMailbox.shared.drain()
        let woken = Counter()
        MainThreadMailbox.shared.wake = { woken.add() }
        defer { MainThreadMailbox.shared.wake = nil }
        let root = WindowRoot(metrics: text)
        root.backgroundColor = Color(0, 0, 0)
        root.imageSizing = ImageSizeCache()
        let image = ImageView(path: path)
        image.cornerRadius = 0
        root.content.addSubview(image.pinned(Pins(leading: 0, top: 0, width: 64, height: 64)))
        let w = try PlatformWindow(title: "images", root: root, size: Size(128, 64), text: text)
        XCTAssertTrue(w.renderIfNeeded(force: true))
        func red() throws -> Int {
            let px = try w.renderer.readPixels(size: w.pixelSize)
            return stride(from: 0, to: px.count, by: 4).filter { px[$0] > 200 && px[$0 + 1] < 50 }.count
        }
        XCTAssertEqual(try red(), 0, "the first frame does not wait for the decode")
        XCTAssertFalse(root.needsDisplay)
        // The decoder posts to the main thread and wakes it; the posted work asks for a redraw.
        let end = Date().addingTimeInterval(10)
        while !root.needsDisplay, Date() < end {
            if woken.value > 0 { MainThreadMailbox.shared.drain() }
            usleep(2000)
        }
        XCTAssertGreaterThanOrEqual(woken.value, 1, "the decoder woke the main thread")
        XCTAssertTrue(root.needsDisplay, "the ready image asks for a redraw")
        XCTAssertTrue(w.renderIfNeeded())
        XCTAssertEqual(try red(), 64 * 64, "the image is drawn once decoded")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
