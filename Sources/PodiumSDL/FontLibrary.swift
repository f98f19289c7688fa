import CFontconfig
import CSDL2
import CSDL2TTF
import PodiumKit

/// Finds font files with fontconfig and opens them with SDL2_ttf, with per-character fallback:
/// a run of text uses the primary face (DejaVu Sans) while it has the glyphs, and otherwise
/// whatever face fontconfig matches for that character (e.g. WenQuanYi for CJK).
final class FontLibrary {
    static let shared = FontLibrary()
    private var opened: [String: (font: OpaquePointer, used: UInt64)] = [:]   // "path|pixels" → TTF_Font*
    private var clock: UInt64 = 0
    /// Open faces kept. Sizes multiply (previews scale fonts with the window), and each face holds
    /// a file descriptor and a FreeType face, so the least recently used are closed past this.
    static let openLimit = 48
    /// How many faces are open now (tests, diagnostics).
    var openCount: Int { opened.count }
    private var fallbackPath: [UInt32: String?] = [:]   // code point → file (nil: none has it)
    private var primaryPaths: [Font.Weight: String] = [:]

    private init() { FcInit() }

    /// The primary face file for a weight, from fontconfig's match for "sans-serif".
    func primaryPath(_ weight: Font.Weight) -> String {
        if let p = primaryPaths[weight] { return p }
        let p = match(pattern: weight == .bold ? "DejaVu Sans:style=Bold" : "DejaVu Sans:style=Book", char: nil) ?? ""
        primaryPaths[weight] = p
        return p
    }

    /// An open TTF face at `pixels` size, cached. Past `openLimit`, faces not used since the
    /// previous `runs` call are closed, so a face handed out stays valid for the current call.
    func font(path: String, pixels: Int) -> OpaquePointer? {
        let key = "\(path)|\(pixels)"
        if let f = opened[key] { opened[key]!.used = clock; return f.font }
        guard let f = TTF_OpenFont(path, Int32(max(1, pixels))) else { return nil }
        if opened.count >= Self.openLimit {
            let cutoff = clock &- 1
            for (k, v) in opened where v.used < cutoff { TTF_CloseFont(v.font); opened[k] = nil }
        }
        opened[key] = (f, clock)
        return f
    }

    /// Closes every open face (before TTF_Quit, which frees FreeType under them).
    func closeAll() {
        for v in opened.values { TTF_CloseFont(v.font) }
        opened.removeAll()
    }

    /// Splits `text` into runs, each with the face file that has its glyphs.
    func runs(_ text: String, weight: Font.Weight, pixels: Int) -> [(String, OpaquePointer)] {
        clock += 1
        let primaryFile = primaryPath(weight)
        guard let primary = font(path: primaryFile, pixels: pixels) else { return [] }
        var out: [(String, OpaquePointer)] = []
        var cur = "", curFont = primary
        for scalar in text.unicodeScalars {
            var f = primary
            if TTF_GlyphIsProvided32(primary, scalar.value) == 0, scalar.value > 0x20,
               let path = fallback(for: scalar.value), let ff = font(path: path, pixels: pixels) { f = ff }
            // Combining marks and spaces stay with the current run.
            if f != curFont && !cur.isEmpty && scalar.properties.generalCategory != .nonspacingMark && scalar != " " {
                out.append((cur, curFont)); cur = ""
            }
            if cur.isEmpty { curFont = f }
            cur.unicodeScalars.append(scalar)
        }
        if !cur.isEmpty { out.append((cur, curFont)) }
        return out
    }

    private func fallback(for cp: UInt32) -> String? {
        if let p = fallbackPath[cp] { return p }
        let p = match(pattern: "sans-serif", char: cp)
        fallbackPath[cp] = .some(p)
        return p
    }

    /// fontconfig's best file for `pattern`, required to cover `char` when given.
    private func match(pattern: String, char: UInt32?) -> String? {
        guard let pat = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(pat) }
        var cs: OpaquePointer?
        if let c = char {
            cs = FcCharSetCreate(); FcCharSetAddChar(cs, c); FcPatternAddCharSet(pat, "charset", cs)
        }
        defer { if let cs { FcCharSetDestroy(cs) } }
        FcConfigSubstitute(nil, pat, FcMatchPattern)
        FcDefaultSubstitute(pat)
        var result = FcResultNoMatch
        guard let m = FcFontMatch(nil, pat, &result) else { return nil }
        defer { FcPatternDestroy(m) }
        if let c = char {
            var got: OpaquePointer?
            guard FcPatternGetCharSet(m, "charset", 0, &got) == FcResultMatch, FcCharSetHasChar(got, c) != 0 else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(m, "file", 0, &file) == FcResultMatch, let f = file else { return nil }
        return String(cString: f)
    }
}
