import CSDL2
import CSDL2TTF
import PodiumKit

/// Measures text in points (the `TextMeasuring` every view uses) and rasterises it to textures
/// at pixel size, both cached so unchanged text is never shaped or rasterised twice.
public final class TextEngine: TextMeasuring {
    private var sizes: [SizeKey: Size] = [:]
    public init() {}

    struct SizeKey: Hashable { var text: String; var font: Font }

    public func size(of text: String, font: Font) -> Size {
        let key = SizeKey(text: text, font: font)
        if let s = sizes[key] { return s }
        if sizes.count > 20_000 { sizes.removeAll(keepingCapacity: true) }   // bounded; refills as needed
        // Measure at 4× and divide, so fractional point sizes measure smoothly.
        let px = Int((font.size * 4).rounded())
        var w = 0.0
        for (run, f) in FontLibrary.shared.runs(text, weight: font.weight, pixels: px) {
            var rw: Int32 = 0, rh: Int32 = 0
            TTF_SizeUTF8(f, run, &rw, &rh)
            w += Double(rw)
        }
        let s = Size(w / 4, lineHeight(font))
        sizes[key] = s
        return s
    }

    public func lineHeight(_ font: Font) -> Double {
        let px = Int((font.size * 4).rounded())
        guard let f = FontLibrary.shared.font(path: FontLibrary.shared.primaryPath(font.weight), pixels: px) else { return font.size * 1.2 }
        return Double(TTF_FontLineSkip(f)) / 4
    }

    /// A white, alpha-blended surface of `text` at `pixels` size (callers tint it with colour mod).
    /// Runs from different faces are placed on a shared baseline. Caller frees the surface.
    func rasterise(_ text: String, weight: Font.Weight, pixels: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        let runs = FontLibrary.shared.runs(text, weight: weight, pixels: pixels)
        guard let primary = FontLibrary.shared.font(path: FontLibrary.shared.primaryPath(weight), pixels: pixels) else { return nil }
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        var parts: [(UnsafeMutablePointer<SDL_Surface>, Int32)] = []   // surface, ascent
        for (run, f) in runs {
            if let s = TTF_RenderUTF8_Blended(f, run, white) { parts.append((s, TTF_FontAscent(f))) }
        }
        defer { parts.forEach { SDL_FreeSurface($0.0) } }
        let ascent = max(TTF_FontAscent(primary), parts.map(\.1).max() ?? 0)
        let width = parts.reduce(Int32(0)) { $0 + $1.0.pointee.w }
        let height = max(TTF_FontLineSkip(primary), parts.map { ascent - $0.1 + $0.0.pointee.h }.max() ?? 0)
        guard width > 0, let out = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        SDL_FillRect(out, nil, 0)
        var x: Int32 = 0
        for (s, a) in parts {
            SDL_SetSurfaceBlendMode(s, SDL_BLENDMODE_NONE)
            var dst = SDL_Rect(x: x, y: ascent - a, w: s.pointee.w, h: s.pointee.h)
            SDL_UpperBlit(s, nil, out, &dst)
            x += s.pointee.w
        }
        return out
    }
}
