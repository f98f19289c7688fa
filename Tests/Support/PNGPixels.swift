import Foundation

/// Decodes a PNG into RGBA pixels with Python's zlib (tests only; keeps the test target free of
/// image libraries). Supports the 8-bit RGB/RGBA non-interlaced PNGs SDL2_image writes.
public struct PNGImage {
    public var width: Int, height: Int
    public var rgba: [UInt8]
    public init(path: String) throws {
        let script = """
        import struct, sys, zlib
        d = open(sys.argv[1], 'rb').read()
        assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
        i = 8; idat = b''; w = h = 0
        while i < len(d):
            n, = struct.unpack('>I', d[i:i+4]); t = d[i+4:i+8]; c = d[i+8:i+8+n]; i += 12 + n
            if t == b'IHDR': w, h, bd, ct = struct.unpack('>IIBB', c[:10]); assert bd == 8 and ct in (2, 6), (bd, ct); ch = 4 if ct == 6 else 3
            elif t == b'IDAT': idat += c
        raw = zlib.decompress(idat); stride = w * ch; out = bytearray(); prev = bytearray(stride); p = 0
        for y in range(h):
            f = raw[p]; line = bytearray(raw[p+1:p+1+stride]); p += 1 + stride
            for x in range(stride):
                a = line[x-ch] if x >= ch else 0; b = prev[x]; c2 = prev[x-ch] if x >= ch else 0
                if f == 1: line[x] = (line[x] + a) & 255
                elif f == 2: line[x] = (line[x] + b) & 255
                elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                elif f == 4:
                    pa = abs(b - c2); pb = abs(a - c2); pc = abs(a + b - 2 * c2)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c2)) & 255
            prev = line
            for x in range(w):
                px = line[x*ch:x*ch+ch]; out += px if ch == 4 else px + b'\\xff'
        sys.stdout.buffer.write(struct.pack('>II', w, h) + bytes(out))
        """
        let r = Process()
        r.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        r.arguments = ["python3", "-c", script, path]
        let pipe = Pipe(); r.standardOutput = pipe
        try r.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        r.waitUntilExit()
        guard r.terminationStatus == 0, data.count >= 8 else { throw NSError(domain: "PNGImage", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot decode \(path)"]) }
        let bytes = [UInt8](data)
        width = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        height = Int(bytes[4]) << 24 | Int(bytes[5]) << 16 | Int(bytes[6]) << 8 | Int(bytes[7])
        rgba = Array(bytes[8...])
    }
    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
    /// How many pixels in the rectangle satisfy `predicate`.
    public func count(x: Int, y: Int, w: Int, h: Int, where predicate: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var n = 0
        for yy in max(0, y)..<min(height, y + h) { for xx in max(0, x)..<min(width, x + w) where predicate(pixel(xx, yy)) { n += 1 } }
        return n
    }
}
