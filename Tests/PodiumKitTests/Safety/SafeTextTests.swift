import PodiumKit
import XCTest

/// Values quoted in messages are cut short and cannot drive a terminal or reorder a line.
final class SafeTextTests: XCTestCase {
    func testShortValuesAreQuotedWhole() {
        XCTAssertEqual(SafeText.quote("ten"), "\"ten\"")
        XCTAssertEqual(SafeText.quote(String(repeating: "a", count: 80)), "\"" + String(repeating: "a", count: 80) + "\"")
    }

    func testLongValuesAreCutWithTheirLength() {
        let q = SafeText.quote(String(repeating: "A", count: 10_000_000))
        XCTAssertEqual(q, "\"" + String(repeating: "A", count: 80) + "…\" (10,000,000 characters)")
        XCTAssertEqual(SafeText.quote("abcdef", limit: 3), "\"abc…\" (6 characters)")
    }

    func testControlEscapeAndBidiCharactersAreMadeVisible() {
        XCTAssertEqual(SafeText.quote("\u{1b}[31mRED\u{7}"), "\"\\u{1b}[31mRED\\u{7}\"")
        XCTAssertEqual(SafeText.escape("evil\u{202E}txt.exe"), "evil\\u{202e}txt.exe")
        XCTAssertEqual(SafeText.escape("a\u{2066}b\u{2069}c\u{200F}"), "a\\u{2066}b\\u{2069}c\\u{200f}")
        XCTAssertEqual(SafeText.escape("c1\u{9B}31m\u{7F}"), "c1\\u{9b}31m\\u{7f}")
        XCTAssertEqual(SafeText.escape("line one\nline two\ttab"), "line one\nline two\ttab", "messages keep their lines")
        XCTAssertEqual(SafeText.quote("two\nlines"), "\"two\\u{a}lines\"", "a quoted value stays on one line")
        XCTAssertEqual(SafeText.escape("Кино ★ 東京"), "Кино ★ 東京", "ordinary text is untouched")
    }

    func testExcerptsOfServerProseAreCutAndEscaped() {
        XCTAssertEqual(SafeText.excerpt("Rate limit\u{1b}[2J hit"), "Rate limit\\u{1b}[2J hit")
        XCTAssertEqual(SafeText.excerpt(String(repeating: "x", count: 1000), limit: 5), "xxxxx…")
        XCTAssertEqual(SafeText.excerpt("two\nlines"), "two\\u{a}lines")
    }
}
