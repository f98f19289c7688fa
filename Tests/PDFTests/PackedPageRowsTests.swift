import XCTest
import CZstd
import PodiumKit
@testable import PDFScene

/// A packed page unpacked into rows of another pitch (a console view's rectangle in the window
/// surface, issue 19: `drawPageDirectly`): pages of every kind (noise, runs of one colour, rows
/// repeating the row above) land on their rows and columns, and nothing beside the rows is
/// written, not even when the packed data is damaged; the same for pages packed again densely.
final class PackedPageRowsTests: XCTestCase {
    /// A `width` × `height` opaque BGRA page of `kind`: noise, flat runs, stripes of repeated
    /// rows, or a gradient with a template's repeated parts.
    func page(_ width: Int, _ height: Int, kind: Int, seed: UInt64) -> Bitmap {
        var rng = seed | 1
        func next() -> UInt8 { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return UInt8(truncatingIfNeeded: rng) }
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height { for x in 0..<width {
            let i = (y * width + x) * 4
            switch kind {
            case 0: px[i] = next(); px[i + 1] = next(); px[i + 2] = next()
            case 1: px[i] = x < width / 3 ? 20 : 200; px[i + 1] = y < height / 2 ? 40 : 90; px[i + 2] = 7
            case 2: px[i] = UInt8((y / 5) & 1) * 200; px[i + 1] = UInt8(x % 7); px[i + 2] = 1
            default: px[i] = UInt8(x & 255); px[i + 1] = UInt8(y & 255); px[i + 2] = (x / 16 + y / 16) % 5 == 0 ? next() : 3
            }
        } }
        return Bitmap(width: width, height: height, format: .bgra, isOpaque: true, pixels: px)!
    }

    func testRowsOfAnotherPitchGetExactlyThePagesPixelsAndNothingBesideThem() throws {
        let sentinel: UInt8 = 0xA5
        for (w, h) in [(1, 1), (1, 300), (3, 40), (17, 33), (160, 90), (333, 121), (620, 349)] {
            for kind in 0..<4 {
                let b = page(w, h, kind: kind, seed: UInt64(w * 1000 + h * 10 + kind))
                let fast = try XCTUnwrap(PackedPage(b))
                // As first packed (LZ4), and as packed again densely (LZ4HC or Zstandard).
                for packed in [fast, fast.repacked()].compactMap({ $0 }) { for margin in [4, 36, 2480] {
                    let pitch = w * 4 + margin
                    var out = [UInt8](repeating: sentinel, count: pitch * h)
                    XCTAssertTrue(out.withUnsafeMutableBytes { packed.copyPixels(into: $0.baseAddress!, stride: pitch) }, "\(w)×\(h) kind \(kind)")
                    var rows: [UInt8] = [], beside = 0
                    for y in 0..<h {
                        rows += out[y * pitch..<y * pitch + w * 4]
                        beside += out[(y * pitch + w * 4)..<((y + 1) * pitch)].filter { $0 != sentinel }.count
                    }
                    XCTAssertTrue(rows == b.pixels, "\(w)×\(h) kind \(kind), pitch \(pitch): the page's pixels on their rows")
                    XCTAssertEqual(beside, 0, "\(w)×\(h) kind \(kind), pitch \(pitch): nothing written beside the rows")
                } }
            }
        }
    }

    func testDamagedDataFailsAndWritesNothingBesideTheRows() throws {
        let b = page(160, 90, kind: 3, seed: 7)
        let pitch = 160 * 4 + 64
        for codec in [PackedPage.Codec.lz4, .zstd] {
        let good = try XCTUnwrap(codec == .lz4 ? PackedPage(b) : zstdPacked(b))
        for cut in [0, 1, good.bytes.count / 3, good.bytes.count - 1] {
            let bad = PackedPage(width: 160, height: 90, stride: 640, bytes: Array(good.bytes.prefix(cut)) + (cut == 0 ? [] : [0xFF, 0xFF]), codec: codec, tileHashes: [])
            var out = [UInt8](repeating: 0xA5, count: pitch * 90)
            XCTAssertFalse(out.withUnsafeMutableBytes { bad.copyPixels(into: $0.baseAddress!, stride: pitch) }, "cut at \(cut)")
            XCTAssertTrue((0..<90).allSatisfy { y in out[(y * pitch + 640)..<((y + 1) * pitch)].allSatisfy { $0 == 0xA5 } }, "cut at \(cut)")
        }
        }
    }

    /// `b` packed with Zstandard, as the dense repack does (whichever packer it would choose here).
    func zstdPacked(_ b: Bitmap) -> PackedPage? {
        var out = [UInt8](repeating: 0, count: ZSTD_compressBound(b.pixels.count))
        let n = out.withUnsafeMutableBytes { o in b.pixels.withUnsafeBytes { ZSTD_compress(o.baseAddress!, o.count, $0.baseAddress!, $0.count, 3) } }
        guard ZSTD_isError(n) == 0 else { return nil }
        return PackedPage(width: b.width, height: b.height, stride: b.stride, bytes: Array(out.prefix(n)), codec: .zstd, tileHashes: [])
    }

    /// Issue 19, memory: a large page of flat colour (where the store's bytes are) is packed again
    /// with Zstandard, to at most 60 % of LZ4's bytes, and unpacks to the same pixels; the page it
    /// replaces was LZ4. A page of noise, which Zstandard cannot pack that far, stays LZ4.
    func testALargeFlatPageIsPackedAgainWithZstandard() throws {
        let b = page(1920, 1080, kind: 1, seed: 3)
        let fast = try XCTUnwrap(PackedPage(b))
        XCTAssertEqual(fast.codec, .lz4)
        let dense = try XCTUnwrap(fast.repacked())
        XCTAssertEqual(dense.codec, .zstd)
        XCTAssertLessThanOrEqual(dense.bytes.count * 5, fast.bytes.count * 3, "at most 60 % of LZ4's bytes")
        XCTAssertEqual(dense.tileHashes, fast.tileHashes)
        var out = [UInt8](repeating: 0, count: b.pixels.count)
        XCTAssertTrue(out.withUnsafeMutableBytes { dense.copyPixels(into: $0.baseAddress!, stride: 1920 * 4) })
        XCTAssertTrue(out == b.pixels)
        let noise = try XCTUnwrap(PackedPage(page(640, 360, kind: 0, seed: 5)))
        XCTAssertEqual(noise.repacked()?.codec ?? .lz4, .lz4)
    }
}
