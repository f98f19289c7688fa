import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

// The kit tour of docs/KitTour.md, compiled and driven here. The code between the `tour:` marks
// is the tour, character for character (`testTheGuideShowsThisCode` checks it).

// tour:begin
/// A set list: songs in a list beside their details (a split view that collapses in a narrow
/// window); per song a note (text field), a tempo (slider) and whether it is an encore (switch);
/// "Options…" opens a popover whose "Remove…" opens an action sheet from inside it.
final class SetlistScene: Scene {
    let title = "Set list"
    let presenterView: View
    let audienceView: View

    private var songs = ["Intro", "Paranoid Android", "Karma Police", "Lucky"]
    private var current: Int?
    private let context: SceneContext
    private let list = ListView()
    private let name = Label("Pick a song", font: .headline)
    private let note = TextField(placeholder: "Note for the band", id: "tour.note")
    private let tempo = Slider(value: 120, in: 60...200, step: 1, id: "tour.tempo")
    private let encore = Switch(label: "Encore", id: "tour.encore")
    private let options = Button("Options…", id: "tour.options")
    private let onStage = Label("", font: .bold(64), color: .white)

    init(context: SceneContext) {
        self.context = context
        list.id = "tour.songs"

        let details = StackView(.vertical, spacing: 12, insets: EdgeInsets(all: 16))
        details.backgroundColor = context.theme.background
        details.add(name, length: 24)
        details.add(note, length: 34)
        details.add(tempo, length: 34)
        // A switch draws only its track (its label names it in the control tree): a Label beside it.
        let encoreRow = StackView(.horizontal, spacing: 10)
        encoreRow.add(encore, length: Switch.size.width)
        encoreRow.add(Label("Encore"), flexible: true)
        details.add(encoreRow, length: 34)
        details.add(options, length: 34)
        details.addFlexibleSpace()
        let split = SplitView(primary: list, secondary: details, primaryTitle: "Songs", id: "tour.split")
        presenterView = split
        let stage = View(background: .black)
        stage.addSubview(onStage.pinned(.fill(40)))
        audienceView = stage

        list.onSelect = { [weak self, weak split] index, _ in
            self?.show(index.row)
            split?.primaryDidChooseItem()   // closes the list's popover when collapsed
        }
        options.action = { [weak self] button in self?.showOptions(from: button) }
        reload()
    }

    private func reload() {
        list.sections = [ListSection(title: "Tonight", rows: songs.enumerated().map { ListRow(id: "song.\($0.offset)", title: $0.element) })]
    }

    private func show(_ i: Int) {
        current = i
        name.text = songs[i]
        onStage.text = songs[i]
        context.setNeedsDisplay()
    }

    /// A popover pointing at the button (it follows the button through resizes and closes if
    /// the button goes); its "Remove…" opens an action sheet that points at "Remove…".
    private func showOptions(from button: View) {
        guard let i = current else { return }
        let body = StackView(.vertical, spacing: 8, insets: EdgeInsets(all: 12))
        body.add(Label("\(songs[i]) · \(Int(tempo.value)) bpm\(encore.isOn ? " · encore" : "")"), length: 20)
        let remove = Button("Remove…", id: "tour.remove", style: .destructive)
        body.add(remove, length: 34)
        let popover = context.presentPopover(body, preferredSize: Size(260, 86), from: button, source: "tour.options")
        remove.action = { [weak self, weak popover] removeButton in
            let sheet = ActionSheet(title: "Remove \(self?.songs[i] ?? "")?", actions: [
                .init("Remove Song", style: .destructive) {
                    popover?.dismiss(byUser: false)
                    self?.remove(i)
                },
            ])
            self?.context.presentActionSheet(sheet, from: removeButton, source: "tour.remove")
        }
    }

    private func remove(_ i: Int) {
        songs.remove(at: i)
        current = nil
        name.text = "Pick a song"
        onStage.text = ""
        list.selection = nil
        reload()
        context.setNeedsDisplay()
    }
}
// tour:end

@MainActor
final class KitTourTests: XCTestCase {
    func makeTour(width: Double = 900) -> (SetlistScene, WindowRoot) {
        let root = makeRoot(Size(width, 600))
        let scene = SetlistScene(context: FakeSceneContext(pluginID: "tour", dataDirectory: FileManager.default.temporaryDirectory, root: root))
        root.content.addSubview(scene.presenterView.pinned(.fill()))
        root.layoutIfNeeded()
        return (scene, root)
    }

    func rowTitles(_ root: WindowRoot) -> [String] {
        root.controlTree().filter { $0.role == "row" }.compactMap(\.label)
    }

    func testTheTourSceneWorksAsTheGuideSays() async throws {
        let (scene, root) = makeTour()
        XCTAssertEqual(rowTitles(root), ["Intro", "Paranoid Android", "Karma Police", "Lucky"])
        XCTAssertTrue(root.click(controlID: "tour.songs.row.song.2"))
        XCTAssertEqual((scene.audienceView.subviews.first as? Label)?.text, "Karma Police")
        // Text field, slider and switch.
        XCTAssertTrue(root.click(controlID: "tour.note"))
        root.dispatch(.text("drop D"))
        XCTAssertEqual(root.node("tour.note")?.value, "drop D")
        root.press("Escape")
        XCTAssertTrue(root.click(controlID: "tour.encore"))
        XCTAssertEqual(root.node("tour.encore")?.value, "on")
        // Options… → popover; Remove… inside it → an action sheet that is its child.
        XCTAssertTrue(root.click(controlID: "tour.options"))
        let popover = try XCTUnwrap(root.popovers.first { $0.source == "tour.options" })
        XCTAssertTrue(root.click(controlID: "tour.remove"))
        let sheet = try XCTUnwrap(root.popovers.first { $0.source == "tour.remove" })
        XCTAssertTrue(sheet.parentPopover === popover)
        let removeButton = try XCTUnwrap(root.node("tour.remove")).frame
        XCTAssertEqual(sheet.anchor, removeButton, "the sheet points at Remove… inside the popover")
        XCTAssertTrue(root.click(controlID: "sheet.tour.remove.action.0"))
        XCTAssertTrue(root.overlay.presented.isEmpty)
        XCTAssertEqual(rowTitles(root), ["Intro", "Paranoid Android", "Lucky"])
    }

    func testCollapsedTheListIsInAPopover() async throws {
        let (_, root) = makeTour(width: 360)
        XCTAssertTrue(root.click(controlID: "tour.split.show-primary"))
        XCTAssertEqual(rowTitles(root).count, 4, "the list shows in the popover")
        XCTAssertTrue(clickRow(root, "Lucky"))
        XCTAssertTrue(root.popovers.isEmpty, "choosing a song closes the list's popover")
    }

    /// Clicks the list row titled `title` at its centre.
    @discardableResult
    func clickRow(_ root: WindowRoot, _ title: String) -> Bool {
        guard let row = root.controlTree().first(where: { $0.role == "row" && $0.label == title }) else { return false }
        root.clickAt(row.frame.center)
        return true
    }

    /// docs/KitTour.md shows exactly the code between the tour marks above.
    func testTheGuideShowsThisCode() async throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let begin = try XCTUnwrap(source.range(of: "// tour:begin\n")), end = try XCTUnwrap(source.range(of: "// tour:end\n"))
        let code = String(source[begin.upperBound..<end.lowerBound])
        let guide = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/KitTour.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        XCTAssertTrue(text.contains("```swift\n" + code + "```\n"), "docs/KitTour.md must show the tour code of \(here.lastPathComponent) verbatim")
    }
}
