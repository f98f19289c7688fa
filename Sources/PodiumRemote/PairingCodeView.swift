import CRemoteLoader
import PodiumCore
import PodiumKit

/// In the presenter view's sidebar only (never the audience): a QR code of the control URL and
/// the URL itself, so a phone can pair by scanning. Once a phone holds the control link the code
/// folds to one line (a mirrored laptop screen must not keep offering control to the room).
final class PairingCodeView: View, SidebarPanel {
    let url: String
    /// Rows of dark (true) and light modules, from libqrencode; empty if the URL cannot be encoded.
    let modules: [[Bool]]
    var folded = false { didSet { if folded != oldValue { setNeedsDisplay() }; if folded { paired = true } } }
    /// A phone has held the control link in this talk: the code no longer comes before the notes
    /// (review32 #3: a phone's link dropping mid-talk took the notes down to a line).
    private var paired = false
    var status = "" { didSet { if status != oldValue { setNeedsDisplay() } } }
    /// Height this view wants, in points, for a given width.
    var preferredHeight: Double { folded ? 22 : 150 }
    /// On a short sidebar the code shrinks (to 2 pt a module, still scannable), then leaves its
    /// status line over the URL (to type on the phone: a longer LAN address makes a larger code,
    /// trial 35 F4), then only its status line, then nothing: the notes keep their room
    /// (`ConsoleView.notesMinimum`).
    func sidebarLength(spare: Double, previewsCanGive: Double) -> Double {
        if folded { return preferredHeight }
        let code = Self.codeLength(whole: preferredHeight, smallest: smallestCode, spare: spare, previewsCanGive: previewsCanGive)
        return code < smallestCode && urlLength <= spare + previewsCanGive ? urlLength : code
    }

    private static let urlFont = Font.system(11)
    /// The status line over the URL in lines of this view's width (two before it has one), in points.
    var urlLength: Double {
        guard let m = metrics, bounds.width > 0 else { return 22 + 2 * 14 }
        return 22 + Double(urlLines(width: bounds.width, metrics: m).count) * m.lineHeight(Self.urlFont)
    }

    /// The URL broken anywhere (it has no spaces) into lines `width` points wide.
    private func urlLines(width: Double, metrics m: TextMeasuring) -> [String] {
        var lines: [String] = [], line = ""
        for ch in url {
            if m.size(of: line + String(ch), font: Self.urlFont).width > width, !line.isEmpty { lines.append(line); line = "" }
            line.append(ch)
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// Until a phone first holds the control link the code comes before the notes in a narrow
    /// console's strip: the speaker pairs at the start, and the notes come back once paired, for
    /// good (a link that drops mid-talk unfolds the code without taking the notes' room).
    var comesBeforeNotes: Bool { !paired }

    /// The code at 2 pt a module with its two-module quiet zone, under the status line.
    var smallestCode: Double { 22 + 2 * Double(modules.count + 4) }

    init(url: String) {
        self.url = url
        modules = Self.encode(url)
        super.init()
        id = "console.remotePairing"
        accessibilityLabel = "Remote pairing code for \(url)"
    }

    override var role: String? { "image" }

    static func encode(_ text: String) -> [[Bool]] {
        guard let qr = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return [] }
        defer { QRcode_free(qr) }
        let n = Int(qr.pointee.width)
        return (0..<n).map { y in (0..<n).map { x in qr.pointee.data[y * n + x] & 1 == 1 } }
    }

    override func draw(into list: inout DrawList) {
        let b = bounds   // drawing is in local points
        guard b.height >= 14 else { return }   // no room left by the notes
        list.text(status, .bold(11), Theme.standard.secondaryText, at: Point(0, 2))
        guard !folded, let m = metrics else { return }
        // No room for the code (or no code): the URL under the status line, as many lines as fit.
        guard !modules.isEmpty, b.height >= min(preferredHeight, smallestCode) - 0.5 else {
            let lh = m.lineHeight(Self.urlFont)
            for (i, line) in urlLines(width: b.width, metrics: m).enumerated() where 20 + Double(i + 1) * lh <= b.height + 0.5 {
                list.text(line, Self.urlFont, Theme.standard.text, at: Point(0, 20 + Double(i) * lh))
            }
            return
        }
        // White square with a quiet zone of two modules; whole points per module keep edges sharp.
        let n = Double(modules.count), side = min(b.width * 0.5, b.height - 22)
        let module = max(1, (side / (n + 4)).rounded(.down)), size = module * (n + 4)
        let origin = Point(0, 20)
        list.fill(Rect(origin.x, origin.y, size, size), .white)
        for (y, row) in modules.enumerated() {
            for (x, dark) in row.enumerated() where dark {
                list.fill(Rect(origin.x + (Double(x) + 2) * module, origin.y + (Double(y) + 2) * module, module, module), .black)
            }
        }
        // The URL beside the code, broken anywhere to fit the width left.
        for (i, line) in urlLines(width: b.width - size - 8, metrics: m).enumerated() {
            list.text(line, Self.urlFont, Theme.standard.text, at: Point(origin.x + size + 8, origin.y + Double(i) * m.lineHeight(Self.urlFont)))
        }
    }
}
