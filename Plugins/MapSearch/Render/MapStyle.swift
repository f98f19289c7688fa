import Foundation
import PodiumKit

/// Colours and line widths for drawing the basemap. Three offered: Standard (daylight),
/// Dark (for projectors: little light, high contrast) and Minimal (streets and water only).
public struct MapStyle: Equatable, Sendable {
    public enum Name: String, CaseIterable, Sendable {
        case standard, dark, minimal
        public var title: String { switch self { case .standard: "Standard"; case .dark: "Dark"; case .minimal: "Minimal" } }
    }
    public var name: Name
    public var land: Color
    /// Fill per area class; a class missing here is not drawn.
    public var areas: [String: Color]
    /// (colour, width in points at zoom 16; scaled by 2^(zoom−16)·0.6 around that, see `lineWidth`).
    public var lines: [String: (Color, Double)]
    /// Casing (outline) colour drawn under major streets, nil for none.
    public var casing: Color?
    public var label: Color
    public var labelHalo: Color
    public var waterLabel: Color
    public var pin: Color
    public var selectedPin: Color
    /// Chrome drawn over the map (scale bar, attribution).
    public var chromeText: Color
    public var chromeBackground: Color

    public static func == (a: MapStyle, b: MapStyle) -> Bool { a.name == b.name }

    public static func named(_ n: Name) -> MapStyle {
        switch n {
        case .standard: standard
        case .dark: dark
        case .minimal: minimal
        }
    }

    /// Width in points of a line of `cls` at `zoom`: the base width at zoom 16, growing by 1.5×
    /// per level above and shrinking below, never under half a point.
    public func lineWidth(_ cls: String, zoom: Double) -> Double {
        guard let base = lines[cls]?.1 else { return 0 }
        return max(0.5, base * pow(1.5, zoom - 16))
    }

    static let major: Set<String> = ["primary", "secondary", "tertiary"]

    public static let standard = MapStyle(
        name: .standard, land: Color(0xF2, 0xEF, 0xE9),
        areas: ["park": Color(0xC8, 0xE6, 0xB4), "plaza": Color(0xE4, 0xE0, 0xE8),
                "water": Color(0xA8, 0xD0, 0xF0), "building": Color(0xD9, 0xD0, 0xC9)],
        lines: ["primary": (Color(0xFC, 0xD6, 0xA4), 7), "secondary": (Color(0xF7, 0xFA, 0xBF), 6),
                "tertiary": (.white, 5), "minor": (.white, 4), "service": (.white, 2.5),
                "pedestrian": (Color(0xEE, 0xEE, 0xF4), 3), "path": (Color(0xD8, 0xA8, 0x98), 0.8),
                "rail": (Color(0x90, 0x90, 0x98), 1.2)],
        casing: Color(0xC8, 0xBE, 0xB0), label: Color(0x33, 0x33, 0x40), labelHalo: Color(255, 255, 255, 210),
        waterLabel: Color(0x2A, 0x5C, 0x8A), pin: Color(0xE5, 0x39, 0x35), selectedPin: Color(0x0A, 0x6C, 0xE0),
        chromeText: Color(0x22, 0x22, 0x22), chromeBackground: Color(255, 255, 255, 200))

    public static let dark = MapStyle(
        name: .dark, land: Color(0x16, 0x19, 0x1F),
        areas: ["park": Color(0x1C, 0x2E, 0x22), "plaza": Color(0x22, 0x25, 0x2C),
                "water": Color(0x0E, 0x2A, 0x44), "building": Color(0x2A, 0x2E, 0x37)],
        lines: ["primary": (Color(0x8A, 0x6A, 0x3A), 7), "secondary": (Color(0x6A, 0x60, 0x48), 6),
                "tertiary": (Color(0x4A, 0x50, 0x5C), 5), "minor": (Color(0x3A, 0x40, 0x4C), 4),
                "service": (Color(0x30, 0x35, 0x40), 2.5), "pedestrian": (Color(0x33, 0x38, 0x44), 3),
                "path": (Color(0x3A, 0x36, 0x38), 0.8), "rail": (Color(0x55, 0x58, 0x60), 1.2)],
        casing: nil, label: Color(0xD8, 0xDC, 0xE4), labelHalo: Color(0x10, 0x12, 0x16, 200),
        waterLabel: Color(0x7A, 0xAE, 0xE0), pin: Color(0xFF, 0x6B, 0x5A), selectedPin: Color(0x4D, 0xB2, 0xFF),
        chromeText: Color(0xE0, 0xE4, 0xEA), chromeBackground: Color(0x10, 0x12, 0x16, 200))

    public static let minimal = MapStyle(
        name: .minimal, land: .white,
        areas: ["water": Color(0xD4, 0xE6, 0xF4), "park": Color(0xEE, 0xF4, 0xEA)],
        lines: ["primary": (Color(0xB8, 0xB8, 0xC0), 5), "secondary": (Color(0xC8, 0xC8, 0xD0), 4.5),
                "tertiary": (Color(0xD4, 0xD4, 0xDA), 4), "minor": (Color(0xDE, 0xDE, 0xE4), 3),
                "pedestrian": (Color(0xE6, 0xE6, 0xEA), 2.5), "service": (Color(0xE8, 0xE8, 0xEC), 1.5)],
        casing: nil, label: Color(0x60, 0x60, 0x6A), labelHalo: Color(255, 255, 255, 220),
        waterLabel: Color(0x5A, 0x80, 0xA0), pin: Color(0x22, 0x22, 0x2A), selectedPin: Color(0xE5, 0x39, 0x35),
        chromeText: Color(0x40, 0x40, 0x48), chromeBackground: Color(255, 255, 255, 220))
}
