/// The make and model a monitor reports in its EDID block (VESA E-EDID 1.3/1.4): the
/// manufacturer's three-letter PNP ID (bytes 8–9) and the monitor name descriptor (tag 0xFC in
/// one of the four 18-byte descriptors at byte 54). What `xrandr --verbose` and desktop display
/// settings show next to the output name.
public struct EDID: Equatable, Sendable {
    /// PNP manufacturer ID, e.g. "DEL", "SAM"; nil when the bytes are not three letters.
    public var make: String?
    /// The monitor name, e.g. "DELL U2415"; nil when the EDID has no name descriptor.
    public var model: String?
    /// The monitor's serial: the serial-number descriptor (tag 0xFF) when there is one, else the
    /// 32-bit ID serial number (bytes 12–15, little-endian) in decimal when not 0; nil otherwise.
    public var serial: String?

    public init(make: String?, model: String?, serial: String? = nil) { self.make = make; self.model = model; self.serial = serial }

    /// Parses the base block; nil when `bytes` is shorter than 128 bytes or lacks the header.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 128, bytes[0..<8].elementsEqual([0, 255, 255, 255, 255, 255, 255, 0]) else { return nil }
        let id = UInt16(bytes[8]) << 8 | UInt16(bytes[9])
        let letters = [(id >> 10) & 31, (id >> 5) & 31, id & 31]
        make = letters.allSatisfy { (1...26).contains($0) }
            ? String(letters.map { Character(Unicode.Scalar(UInt8($0) + 64)) }) : nil
        model = nil; serial = nil
        func text(_ start: Int) -> String? {
            let t = String(decoding: bytes[(start + 5)..<(start + 18)].prefix { $0 != 0x0A && $0 != 0 }, as: UTF8.self).trimmingCharacters(in: " ")
            return t.isEmpty ? nil : t
        }
        for start in stride(from: 54, through: 108, by: 18) where bytes[start] == 0 && bytes[start + 1] == 0 {
            if bytes[start + 3] == 0xFC, model == nil { model = text(start) }
            if bytes[start + 3] == 0xFF, serial == nil { serial = text(start) }
        }
        let number = UInt32(bytes[12]) | UInt32(bytes[13]) << 8 | UInt32(bytes[14]) << 16 | UInt32(bytes[15]) << 24
        if serial == nil, number != 0 { serial = String(number) }
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
