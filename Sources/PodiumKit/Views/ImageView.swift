/// Shows an image file scaled to fit (aspect kept, letterboxed) or a placeholder when it has none.
/// Image sizes come from the host's `ImageLoading` so layout stays pure.
open class ImageView: View {
    public var path: String? { didSet { setNeedsDisplay() } }
    public var placeholder: String = ""
    public init(path: String? = nil) { self.path = path; super.init(); cornerRadius = 10 }
    open override func draw(into list: inout DrawList) {
        if let p = path, let size = (host as? WindowRoot)?.imageSizing?.imageSize(p), size.width > 0, size.height > 0 {
            list.image(p, in: bounds.fitting(aspect: size.width / size.height))
        } else {
            list.fill(bounds, theme.raised, radius: cornerRadius)
            if let m = metrics, !placeholder.isEmpty {
                let f = Font(size: min(bounds.height * 0.4, 64), weight: .bold)
                let s = m.size(of: placeholder, font: f)
                list.text(placeholder, f, theme.secondaryText, at: Point((bounds.width - s.width) / 2, (bounds.height - s.height) / 2))
            }
        }
    }
}

/// Implemented by hosts that can read image headers: pixel size of the image at `path`, or nil
/// when it cannot be read.
public protocol ImageSizing: AnyObject {
    func imageSize(_ path: String) -> Size?
}
