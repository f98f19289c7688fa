/// An sRGB colour with 8-bit channels and straight (not premultiplied) alpha.
@frozen public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and alpha, 0–255; alpha 255 is opaque.
    public var r, g, b, a: UInt8
    /// A colour from 8-bit sRGB channels; alpha defaults to 255 (opaque).
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; returns nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        guard s.first == "#" else { return nil }
        s = s.dropFirst()
        if s.count == 3 { s = Substring(s.map { "\($0)\($0)" }.joined()) }
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        let full = s.count == 6 ? (v << 8 | 0xFF) : v
        self.init(UInt8(full >> 24 & 0xFF), UInt8(full >> 16 & 0xFF), UInt8(full >> 8 & 0xFF), UInt8(full & 0xFF))
    }

    /// This colour with its alpha multiplied by `alpha` (clamped to 0...1), so `withAlpha(0.5)` of
    /// a half-transparent colour is a quarter.
    public func withAlpha(_ alpha: Double) -> Color { Color(r, g, b, UInt8(clamp(alpha, 0, 1) * Double(a))) }
    public var description: String {
        "#" + [r, g, b, a].map { String($0, radix: 16).leftPad(2) }.joined()
    }

    /// Opaque black, `#000000ff`.
    public static let black = Color(0, 0, 0)
    /// Opaque white, `#ffffffff`.
    public static let white = Color(255, 255, 255)
    /// Fully transparent black, `#00000000`; drawing it changes nothing.
    public static let clear = Color(0, 0, 0, 0)
}

extension String {
    func leftPad(_ n: Int, with c: Character = "0") -> String { String(repeating: c, count: max(0, n - count)) + self }
}

/// The palette every view draws from, so scenes look alike and a projector-friendly dark theme
/// is one switch. Values follow iOS's system colours in dark mode.
public struct Theme: Sendable {
    /// Window background, behind every view (``WindowRoot`` fills with it).
    public var background = Color(0x12, 0x14, 0x18)
    /// Panels and bars one step above the background: toolbars, list section headers, split view
    /// sidebars, segmented controls.
    public var surface = Color(0x1C, 0x1F, 0x26)
    /// Controls and floating panels: buttons, text fields, popovers, action sheets, the selected
    /// segment.
    public var raised = Color(0x2A, 0x2E, 0x38)
    /// Hairlines and unfocused borders; also a pressed button and an off switch.
    public var separator = Color(0x3A, 0x3F, 0x4B)
    /// Primary text.
    public var text = Color(0xF2, 0xF2, 0xF7)
    /// Less important text: subtitles, placeholders, captions.
    public var secondaryText = Color(0x9A, 0xA0, 0xAE)
    /// Accent colour: focus rings, filled buttons, selected items.
    public var tint = Color(0x0A, 0x84, 0xFF)
    /// Destructive actions and errors (red).
    public var destructive = Color(0xFF, 0x45, 0x3A)
    /// Translucent tint behind selected list rows and selected text.
    public var selection = Color(0x0A, 0x84, 0xFF, 0x55)
    /// Success and "on" states, e.g. a switch that is on (green).
    public var positive = Color(0x30, 0xD1, 0x58)
    /// Caution states (yellow), e.g. a talk timer near its end.
    public var warning = Color(0xFF, 0xD6, 0x0A)
    /// The standard dark theme; change single colours with `var`.
    public init() {}
    /// The standard dark theme, the one views fall back to when they have no host.
    public static let standard = Theme()
}
