import Foundation
import PodiumKit

/// The presenter's detail pane for one band.
final class BandDetailView: View {
    let name = Label("Select a band", font: .bold(28))
    let status = Label("", font: .system(17))
    let rating = Label("", font: .system(22))
    let seen = Label("", font: .system(17))
    let notes = Label("", font: .system(16), lines: 0)
    let image = ImageView()
    override init() {
        super.init()
        backgroundColor = Theme.standard.background
        let stack = StackView(.vertical, spacing: 10, insets: EdgeInsets(all: 20))
        stack.add(name); stack.add(rating); stack.add(status); stack.add(seen)
        stack.add(image, length: 180)
        stack.add(notes, flexible: true)
        addSubview(stack.pinned(.fill()))
        image.isHidden = true
    }
    func show(_ b: Band) {
        name.text = b.name
        rating.text = "\(b.stars)  \(b.rating)/10"
        status.text = b.touringStatus.rawValue
        seen.text = b.seenLive ? "Seen live" : "Not seen live"
        notes.text = b.notes
        image.path = b.imagePath
        image.placeholder = String(b.name.prefix(1))
        image.isHidden = false
        setNeedsLayout()
    }
}
