import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Closing note 16: a refused reload's notice is one line cut with "…", and "Not reloaded:
/// <long absolute path>: damaged or truncated PDF (…) (the version on screen stays)" showed only
/// its start: the words telling the speaker the room is safe were cut. They come first, and the
/// files are named by their names (the log keeps the full paths).
@MainActor
final class ReloadRefusalTests: XCTestCase {
    let dir = "/home/speaker/talks/2026 conference/keynote"

    /// The problems as `podium check` words them (the deck's files by absolute path).
    func testFilesAreNamedByTheirNames() async {
        let deck = dir + "/deck.json", pdf = dir + "/talk.pdf"
        func named(_ s: String) -> String { ReloadRefusal.namingFiles(s, files: [deck, pdf, "talks/deck.json"], directory: dir) }
        XCTAssertEqual(named("\(pdf): damaged or truncated PDF (poppler: PDF document is damaged)"),
                       "talk.pdf: damaged or truncated PDF (poppler: PDF document is damaged)")
        // A file the deck names now, not watched before: inside the deck's folder, below it.
        XCTAssertEqual(named("\(deck): scenes[1]: \(dir)/missing.pdf: file not found (scene 2); scenes[3]: \(dir)/figs/plot.pdf: file not found (scene 4)"),
                       "deck.json: scenes[1]: missing.pdf: file not found (scene 2); scenes[3]: figs/plot.pdf: file not found (scene 4)")
        // Elsewhere, by its last component; the deck as given on the command line (relative).
        XCTAssertEqual(named("scenes[2]: /srv/shared/logos/logo.pdf: file not found (scene 3)"), "scenes[2]: logo.pdf: file not found (scene 3)")
        XCTAssertEqual(named("talks/deck.json: not valid JSON: line 2, column 1"), "deck.json: not valid JSON: line 2, column 1")
        XCTAssertEqual(named("scenes[1].parameters.heading: expected string, found number 5 (scene 2)"),
                       "scenes[1].parameters.heading: expected string, found number 5 (scene 2)", "no path: unchanged")
        XCTAssertEqual(ReloadRefusal.namingFiles("/a/b.pdf: x", files: [], directory: "/"), "b.pdf: x", "a deck at the root")
    }

    /// On the console, at any width down to 640 points, the one line shows that the room is
    /// safe and which file, however long the problem.
    func testTheShownLineSaysTheRoomIsSafe() async {
        let problem = "\(dir)/talk.pdf: damaged or truncated PDF (poppler: PDF document is damaged; it may still be being written by latexmk, which rewrites it in place)"
        let notice = ReloadRefusal.notice(problem, files: ["\(dir)/talk.pdf"], directory: dir)
        XCTAssertEqual(notice, "Not reloaded, the version on screen stays: talk.pdf: damaged or truncated PDF (poppler: PDF document is damaged; it may still be being written by latexmk, which rewrites it in place)")
        let p = OneKindDeck(scenes: 2) { SceneCodeTests.ProbeScene("P") }.presentation
        for size in [Size(1280, 800), Size(1024, 768), Size(640, 480)] {
            p.presenter.resize(to: size)
            p.showNotice(notice, kind: .error)
            _ = p.presenter.renderFrame()
            let shown = p.console.banner.shownLines
            XCTAssertEqual(shown.count, 1, "\(size)")
            XCTAssertTrue(shown.first?.hasPrefix(ReloadRefusal.lead) == true, "\(size): \(shown)")
            if size.width >= 1024 { XCTAssertTrue(shown.first?.contains("talk.pdf: damaged") == true, "\(size): \(shown)") }
        }
    }

    /// Trial 21 m7: a plugin installed during the talk is not read by a reload; the notice said
    /// only "unknown scene kind" with the list of kinds.
    func testAnUnknownKindSaysPluginsAreReadAtLaunch() async {
        let problem = "\(dir)/deck.json: scenes[2].kind: unknown scene kind \"hello\"; did you mean \"helo\"? (available: band-list, helo, map-search, pdf, title, web-search) (scene 3)"
        XCTAssertEqual(ReloadRefusal.notice(problem, files: [dir + "/deck.json"], directory: dir),
                       "Not reloaded, the version on screen stays: deck.json: scenes[2].kind: unknown scene kind \"hello\"; did you mean \"helo\"? (scene 3) (no plugin on the search path has it: install one, then reload)")
    }
}
