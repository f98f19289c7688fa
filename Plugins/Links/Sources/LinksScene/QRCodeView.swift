import PodiumKit

/// Draws a QR code as large as fits, in whole points per module so edges stay sharp, on a white
/// square that includes the quiet zone. Draws nothing without a code.
final class QRCodeView: View {
    var code: QRCode? { didSet { if code != oldValue { setNeedsDisplay() } } }

    /// The white square (quiet zone included) in this view's space, or nil without a code or room.
    func symbolRect() -> Rect? {
        guard let code else { return nil }
        let modules = Double(code.size + 2 * QRCode.quietZone)
        let unit = (min(bounds.width, bounds.height) / modules).rounded(.down)
        guard unit >= 1 else { return nil }
        let side = unit * modules
        return Rect(((bounds.width - side) / 2).rounded(.down), ((bounds.height - side) / 2).rounded(.down), side, side)
    }

    override func draw(into list: inout DrawList) {
        guard let code, let square = symbolRect() else { return }
        let unit = square.width / Double(code.size + 2 * QRCode.quietZone)
        list.fill(square, .white)
        let x0 = square.minX + unit * Double(QRCode.quietZone), y0 = square.minY + unit * Double(QRCode.quietZone)
        for y in 0..<code.size {
            for run in code.darkRuns(row: y) {
                list.fill(Rect(x0 + unit * Double(run.lowerBound), y0 + unit * Double(y), unit * Double(run.count), unit), .black)
            }
        }
    }
}
