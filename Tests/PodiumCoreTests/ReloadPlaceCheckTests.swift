import PodiumCore
import XCTest

/// Trial 29 m4: pdflatex writes the PDF twice; the first write's reload placed the talk by label
/// ("check it"), the second's found that place by content and its plain "Reloaded talk.pdf"
/// replaced the warning 0.3–1 s later. A place to check is said again until shown its time.
final class ReloadPlaceCheckTests: XCTestCase {
    let guess = "placed by its label, check it"

    func testAReloadFoundForCertainSaysTheGuessStillShowingForWhatIsLeftOfIt() {
        var c = ReloadPlaceCheck(seconds: 10)
        let first = c.words(guess, check: true, showing: nil, plain: 4, at: 100)
        XCTAssertEqual(first.words, guess); XCTAssertEqual(first.seconds, 10)
        c.shown("Reloaded talk.pdf; " + guess)
        let second = c.words(nil, check: true, showing: "Reloaded talk.pdf; " + guess, plain: 4, at: 100.4)
        XCTAssertEqual(second.words, guess, "the second write's reload says it again")
        XCTAssertEqual(second.seconds, 9.6, accuracy: 1e-9, "for what is left of its 10 s")
        c.shown("Reloaded talk.pdf; " + guess)
        let late = c.words(nil, check: true, showing: "Reloaded talk.pdf; " + guess, plain: 4, at: 108)
        XCTAssertEqual(late.words, guess)
        XCTAssertEqual(late.seconds, 4, "never shorter than a reload's notice")
        c.shown("Reloaded talk.pdf; " + guess)
        let after = c.words(nil, check: true, showing: "Reloaded talk.pdf; " + guess, plain: 4, at: 110.5)
        XCTAssertNil(after.words, "shown its 10 s: a later reload says only that it reloaded")
        XCTAssertEqual(after.seconds, 4)
        XCTAssertNil(c.words(nil, check: true, showing: "Reloaded talk.pdf", plain: 4, at: 111).words)
    }

    func testAGuessClickedAwayOrReplacedIsNotSaidAgain() {
        var c = ReloadPlaceCheck(seconds: 10)
        _ = c.words(guess, check: true, showing: nil, plain: 4, at: 0)
        c.shown("Reloaded talk.pdf; " + guess)
        XCTAssertNil(c.words(nil, check: true, showing: nil, plain: 4, at: 1).words, "clicked away: read")
        _ = c.words(guess, check: true, showing: nil, plain: 4, at: 2)
        c.shown("Reloaded talk.pdf; " + guess)
        XCTAssertNil(c.words(nil, check: true, showing: "Not reloaded: talk.pdf: damaged", plain: 4, at: 3).words, "another notice took its place")
        // Never shown (a notice waiting for still files): nothing to say again.
        _ = c.words(guess, check: true, showing: nil, plain: 4, at: 4)
        XCTAssertNil(c.words(nil, check: true, showing: "Reloaded talk.pdf; " + guess, plain: 4, at: 5).words)
    }

    /// News that is not a guess (a removed scene back, a held one) is said once, by its reload.
    func testWordsThatAreNotAPlaceToCheckAreNotSaidAgain() {
        var c = ReloadPlaceCheck(seconds: 10)
        let back = "“Demo” is back: the room sees it again"
        XCTAssertEqual(c.words(back, check: false, showing: nil, plain: 4, at: 0).words, back)
        c.shown("Reloaded demo.json; " + back)
        XCTAssertNil(c.words(nil, check: true, showing: "Reloaded demo.json; " + back, plain: 4, at: 0.5).words)
        // A newer guess replaces the older one and has its own 10 s.
        _ = c.words(guess, check: true, showing: nil, plain: 4, at: 1)
        c.shown("a")
        let newer = "the edited slide's place is a guess by its words: check it"
        _ = c.words(newer, check: true, showing: "a", plain: 4, at: 9)
        c.shown("b")
        let carried = c.words(nil, check: true, showing: "b", plain: 4, at: 12)
        XCTAssertEqual(carried.words, newer); XCTAssertEqual(carried.seconds, 7, accuracy: 1e-9)
    }
}
