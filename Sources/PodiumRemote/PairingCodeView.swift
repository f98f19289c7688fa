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
    var folded = false { didSet { if folded != oldValue { setNeedsDisplay() } } }
    var status = "" { didSet { if status != oldValue { setNeedsDisplay() } } }
    /// Height this view wants, in points, for a given width.
    var preferredHeight: Double { folded ? 22 : 150 }
    /// On a short sidebar the code shrinks (to 2 pt a module, still scannable), then leaves only
    /// its status line, then nothing: the notes keep their room (`ConsoleView.notesMinimum`).
    func sidebarLength(spare: Double, previewsCanGive: Double) -> Double {
        if folded { return preferredHeight }
        return Self.codeLength(whole: preferredHeight, smallest: smallestCode, spare: spare, previewsCanGive: previewsCanGive)
    }

    /// Until a phone holds the control link the code comes before the notes in a narrow console's
    /// strip: the speaker pairs at the start, and the notes come back once paired.
    var comesBeforeNotes: Bool { !folded }

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
        let small = Font.system(11)
        guard b.height >= 14 else { return }   // no room left by the notes
        list.text(status, .bold(11), Theme.standard.secondaryText, at: Point(0, 2))
        guard !folded, !modules.isEmpty, b.height >= min(preferredHeight, smallestCode) - 0.5 else { return }
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
        // The URL beside the code, broken anywhere (it has no spaces) to fit the width left.
        guard let m = metrics else { return }
        let textX = origin.x + size + 8, width = b.width - size - 8
        var line = "", y = origin.y
        for ch in url {
            if m.size(of: line + String(ch), font: small).width > width, !line.isEmpty {
                list.text(line, small, Theme.standard.text, at: Point(textX, y)); y += m.lineHeight(small); line = ""
            }
            line.append(ch)
        }
        if !line.isEmpty { list.text(line, small, Theme.standard.text, at: Point(textX, y)) }
    }
}
