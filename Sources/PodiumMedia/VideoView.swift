import PodiumKit

/// The clip's current frame, letterboxed at its aspect on black; the poster (an image file)
/// before the first frame and for audio, else black.
public final class VideoView: View {
    public var frameBitmap: Bitmap? { didSet { setNeedsDisplay() } }
    /// Absolute path of the poster image.
    public var poster: String?
    /// Hides the frame and poster (an error: the room sees black, or the poster).
    public var showsFrame = true { didSet { setNeedsDisplay() } }

    public init(poster: String?) {
        self.poster = poster
        super.init()
        backgroundColor = .black
        clipsToBounds = true
    }

    /// Where the frame is drawn: the largest rectangle of its aspect centred in the bounds.
    public var frameRect: Rect? {
        guard let b = frameBitmap else { return nil }
        return bounds.fitting(aspect: Double(b.width) / Double(b.height))
    }

    public override func draw(into list: inout DrawList) {
        if showsFrame, let b = frameBitmap, let r = frameRect {
            list.bitmap(b, in: r)
        } else if let p = poster {
            let size = (host as? WindowRoot)?.imageSizing?.imageSize(p)
            list.image(p, in: size.map { bounds.fitting(aspect: $0.width / max(1, $0.height)) } ?? bounds)
        }
    }

    public override var role: String? { "image" }
    public override var accessibilityValue: String? { frameBitmap.map { "video \($0.width)×\($0.height)" } ?? "no frame" }
}
