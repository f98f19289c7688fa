import CQREncode
import Foundation

/// A QR code symbol: a square of dark and light modules, made by libqrencode.
struct QRCode: Equatable {
    /// Modules per side, without the quiet zone (21 for version 1, +4 per version).
    let size: Int
    /// `size * size` modules, row-major, top row first; true is dark.
    let modules: [Bool]

    /// The light margin every reader needs around the symbol, in modules (ISO/IEC 18004).
    static let quietZone = 4

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Encodes `text` as UTF-8 bytes at error-correction level M (15 % of the symbol can be
    /// damaged or covered), the smallest version that fits. Throws when it does not fit in
    /// version 40 (about 2300 bytes at level M) or libqrencode fails otherwise.
    init(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw Failure(description: "nothing to encode") }
        errno = 0
        // Data (not String) mode: the bytes are taken as they are, NULs and all.
        guard let qr = QRcode_encodeData(Int32(bytes.count), bytes, 0, QR_ECLEVEL_M) else {
            let why = errno == ERANGE ? "too long for a QR code (\(bytes.count) bytes)" : "libqrencode failed: \(String(cString: strerror(errno)))"
            throw Failure(description: why)
        }
        defer { QRcode_free(qr) }
        let n = Int(qr.pointee.width)
        size = n
        // Bit 0 of each byte is the module's colour; the other bits describe its function.
        modules = (0..<n * n).map { qr.pointee.data[$0] & 1 == 1 }
    }

    func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// Horizontal runs of dark modules in row `y`, as `start..<end` column ranges, so a drawing
    /// needs one rectangle per run rather than one per module.
    func darkRuns(row y: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = [], x = 0
        while x < size {
            guard isDark(x: x, y: y) else { x += 1; continue }
            let start = x
            while x < size && isDark(x: x, y: y) { x += 1 }
            runs.append(start..<x)
        }
        return runs
    }
}
