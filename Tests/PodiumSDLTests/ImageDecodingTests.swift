import CSDL2
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
        let r = try runProcess("/usr/bin/python3", ["-c", script, path])
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

    /// A damaged PNG's reason is ours, naming the file, and libpng prints nothing of its own to
    /// the log (trial 8: "libpng error: IDAT: CRC error" on every launch, no file named); a good
    /// PNG decodes to its colours, grey and palette ones too.
    func testADamagedPNGIsReportedOnceByUsAndLibpngPrintsNothing() async throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try png("whole.png", 64, 64, rgb: (10, 200, 30)))))
        let idatLength = bytes[33..<37].reduce(0) { $0 << 8 | Int($1) }
        bytes[41 + idatLength] ^= 0xFF                       // IDAT's CRC (after signature, IHDR, IDAT's length, type, data)
        let crc = dir.appendingPathComponent("crc.png")
        try Data(bytes).write(to: crc)
        let log = dir.appendingPathComponent("stderr.txt").path
        let saved = dup(2)
        let file = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        dup2(file, 2); close(file)
        let result = ImageFile.decode(crc.path)
        fsync(2); dup2(saved, 2); close(saved)   // libpng writes with fprintf: stderr is unbuffered
        guard case let .failure(e) = result else { return XCTFail("a PNG with a bad CRC decoded") }
        XCTAssertEqual(e.reason, "cannot be decoded: IDAT: CRC error")
        XCTAssertTrue(e.description.hasSuffix("crc.png cannot be decoded: IDAT: CRC error"), e.description)
        let printed = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertFalse(printed.contains("libpng"), "libpng printed: \(printed)")

        guard case let .success(s) = ImageFile.decode(try png("green.png", 5, 3, rgb: (10, 200, 30))) else { return XCTFail("a good PNG failed") }
        defer { SDL_FreeSurface(s) }
        XCTAssertEqual(s.pointee.w, 5); XCTAssertEqual(s.pointee.h, 3)
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        let px = (s.pointee.pixels! + 2 * Int(s.pointee.pitch) + 4 * 4).assumingMemoryBound(to: UInt32.self).pointee
        SDL_GetRGBA(px, s.pointee.format, &r, &g, &b, &a)
        XCTAssertEqual([r, g, b, a], [10, 200, 30, 255])
        // Grey with alpha (colour type 4) and a 2-colour palette at 1 bit with tRNS (type 3).
        let script = """
        import struct, sys, zlib
        def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
        def png(path, ihdr, rows, extra=b""):
            open(path, "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
        png(sys.argv[1], struct.pack(">IIBBBBB", 2, 1, 8, 4, 0, 0, 0), b"\\x00" + bytes([128, 64, 128, 64]))
        png(sys.argv[2], struct.pack(">IIBBBBB", 2, 1, 1, 3, 0, 0, 0), b"\\x00" + bytes([0b01000000]), chunk(b"PLTE", bytes([255, 0, 0, 0, 0, 255])) + chunk(b"tRNS", bytes([0])))
        """
        let grey = dir.appendingPathComponent("grey.png").path, palette = dir.appendingPathComponent("palette.png").path
        let made = try runProcess("/usr/bin/python3", ["-c", script, grey, palette])
        XCTAssertEqual(made.status, 0, made.stderr)
        func rgba(_ path: String, x: Int) throws -> [UInt8] {
            guard case let .success(s) = ImageFile.decode(path) else { XCTFail("\(path) failed"); return [] }
            defer { SDL_FreeSurface(s) }
            let px = (s.pointee.pixels! + 4 * x).assumingMemoryBound(to: UInt32.self).pointee
            var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
            SDL_GetRGBA(px, s.pointee.format, &r, &g, &b, &a)
            return [r, g, b, a]
        }
        XCTAssertEqual(try rgba(grey, x: 0), [128, 128, 128, 64])
        XCTAssertEqual(try rgba(palette, x: 0), [255, 0, 0, 0], "palette entry 0, transparent by tRNS")
        XCTAssertEqual(try rgba(palette, x: 1), [0, 0, 255, 255])
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
