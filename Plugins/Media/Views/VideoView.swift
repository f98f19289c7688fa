import PodiumKit

/// The clip's current frame, letterboxed at its aspect on black; the poster (an image file)
/// before the first frame and for audio, else black.
final class VideoView: View {
    var frameBitmap: Bitmap? { didSet { setNeedsDisplay() } }
    /// Absolute path of the poster image.
    var poster: String?
    /// Hides the frame and poster (an error: the room sees black, or the poster).
    var showsFrame = true { didSet { setNeedsDisplay() } }

    init(poster: String?) {
        self.poster = poster
        super.init()
        backgroundColor = .black
        clipsToBounds = true
    }

    /// Where the frame is drawn: the largest rectangle of its aspect centred in the bounds.
    var frameRect: Rect? {
        guard let b = frameBitmap else { return nil }
        return bounds.fitting(aspect: Double(b.width) / Double(b.height))
    }

    override func draw(into list: inout DrawList) {
        if showsFrame, let b = frameBitmap, let r = frameRect {
            list.bitmap(b, in: r)
        } else if let p = poster {
            let size = (host as? WindowRoot)?.imageSizing?.imageSize(p)
            list.image(p, in: size.map { bounds.fitting(aspect: $0.width / max(1, $0.height)) } ?? bounds)
        }
    }

    override var role: String? { "image" }
    override var accessibilityValue: String? { frameBitmap.map { "video \($0.width)×\($0.height)" } ?? "no frame" }
}
