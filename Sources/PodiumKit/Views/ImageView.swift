/// Shows an image file scaled to fit (aspect kept, letterboxed) or a placeholder when it has none.
/// Image sizes come from the host's `ImageLoading` so layout stays pure.
open class ImageView: View {
    /// Path of the image file to show; nil, or a file whose size the host cannot read, shows the
    /// placeholder.
    public var path: String? { didSet { setNeedsDisplay() } }
    /// Shown when there is no image: large initials on a colour picked from the text, so
    /// different bands get different, stable monograms (like Contacts' avatars).
    public var placeholder: String = "" { didSet { setNeedsDisplay() } }
    /// An image view of the file at `path` with 10-point rounded corners on its placeholder.
    public init(path: String? = nil) { self.path = path; super.init(); cornerRadius = 10 }
    open override func draw(into list: inout DrawList) {
        if let p = path, let size = (host as? WindowRoot)?.imageSizing?.imageSize(p), size.width > 0, size.height > 0 {
            list.image(p, in: bounds.fitting(aspect: size.width / size.height))
        } else {
            list.fill(bounds, placeholder.isEmpty ? theme.raised : ImageView.monogramColor(placeholder), radius: cornerRadius)
            if let m = metrics, !placeholder.isEmpty {
                let f = Font(size: min(bounds.width, bounds.height) * 0.45, weight: .bold)
                let s = m.size(of: placeholder, font: f)
                list.text(placeholder, f, Color.white.withAlpha(0.9), at: Point((bounds.width - s.width) / 2, (bounds.height - s.height) / 2))
            }
        }
    }
}

/// Implemented by hosts that can read image headers: pixel size of the image at `path`, or nil
/// when it cannot be read.
public protocol ImageSizing: AnyObject {
    /// The image's size in pixels as its header says; nil when the file is missing or not an image
    /// the host reads.
    func imageSize(_ path: String) -> Size?
}

extension ImageView {
    /// A muted colour chosen by hashing `text` (FNV-1a) into one of eight hues.
    static func monogramColor(_ text: String) -> Color {
        var h: UInt32 = 2_166_136_261
        for b in text.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        let palette = [Color(0x8E, 0x44, 0xAD), Color(0x27, 0x6F, 0xBF), Color(0x16, 0x8A, 0x7A), Color(0x3F, 0x8F, 0x3A),
                       Color(0xB9, 0x77, 0x0E), Color(0xC0, 0x39, 0x2B), Color(0x6C, 0x5B, 0x7B), Color(0x2E, 0x86, 0xAB)]
        return palette[Int(h % UInt32(palette.count))]
    }
}
