import BandListScene
import Foundation
import XCTest

/// Sections and order for mixed scripts, in several locales (ICU collation through Foundation).
final class BandCollationTests: XCTestCase {
    let mixed = ["Radiohead", "Кино", "五月天", "乐队", "Sigur Rós", "10cc", "2 Unlimited", "Die Ärzte", "Ärzte",
                 "Arzte", "Zebra", "Йога", "Ёлка", "Елка", "ABBA", "Ørsted", "\"Weird Al\"", "!!!", "서태지", "Ωmega", "Ángel"]

    func sections(_ names: [String], _ locale: String) -> [String: [String]] {
        let index = BandIndex(names.enumerated().map { Band(id: Int64($0 + 1), name: $1) }, collation: BandCollation(locale: Locale(identifier: locale)))
        return Dictionary(index.sections.map { ($0.title, $0.rows.map(\.title)) }, uniquingKeysWith: +)
    }
    func order(_ names: [String], _ locale: String) -> [String] {
        BandIndex(names.enumerated().map { Band(id: Int64($0 + 1), name: $1) }, collation: BandCollation(locale: Locale(identifier: locale))).sections.map(\.title)
    }

    func testSectionLettersInEnglish() {
        let c = BandCollation(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(c.section(for: "Ärzte"), "A")
        XCTAssertEqual(c.section(for: "Ángel"), "A")
        XCTAssertEqual(c.section(for: "Ørsted"), "O")
        XCTAssertEqual(c.section(for: "Кино"), "К")
        XCTAssertEqual(c.section(for: "Ёлка"), "Е")
        XCTAssertEqual(c.section(for: "Йога"), "Й")
        XCTAssertEqual(c.section(for: "Ωmega"), "Ω")
        XCTAssertEqual(c.section(for: "五月天"), "W", "pinyin wǔ yuè tiān")
        XCTAssertEqual(c.section(for: "乐队"), "L", "pinyin lè")
        XCTAssertEqual(c.section(for: "서태지"), "S", "romanised seotaeji")
        XCTAssertEqual(c.section(for: "10cc"), "#")
        XCTAssertEqual(c.section(for: "!!!"), "#")
        XCTAssertEqual(c.section(for: "\"Weird Al\""), "W", "leading punctuation is skipped")
        XCTAssertEqual(c.section(for: "   "), "#")
        XCTAssertEqual(c.section(for: "radiohead"), "R")
    }

    func testSwedishGivesÄItsOwnSectionAfterZ() {
        let c = BandCollation(locale: Locale(identifier: "sv_SE"))
        XCTAssertEqual(c.section(for: "Ärzte"), "Ä")
        XCTAssertEqual(c.section(for: "Öst"), "Ö")
        XCTAssertEqual(c.section(for: "Ángel"), "A")
        let titles = order(mixed + ["Öst"], "sv_SE")
        XCTAssertEqual(Array(titles.drop { $0 != "Z" }.prefix(3)), ["Z", "Ä", "Ö"])
    }

    /// Letters ICU's AlphabeticIndex knows: Danish's own Æ Ø Å after Z, accented Greek under its
    /// base letter, Arabic and Hebrew under their letters, Cyrillic Ё with Е but Й its own.
    func testAlphabeticIndexLettersOfOtherLocalesAndScripts() {
        let da = BandCollation(locale: Locale(identifier: "da_DK"))
        XCTAssertEqual(da.section(for: "Ørsted"), "Ø")
        XCTAssertEqual(da.section(for: "Aarhus"), "Å", "Danish files aa under å")
        XCTAssertEqual(order(["Æbler", "Ørsted", "Åge", "Zoo"], "da_DK"), ["Z", "Æ", "Ø", "Å"])
        XCTAssertEqual(BandCollation(locale: Locale(identifier: "cs_CZ")).section(for: "Chinaski"), "CH")
        let en = BandCollation(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(en.section(for: "Chinaski"), "C")
        XCTAssertEqual(en.section(for: "άλφα"), "Α")
        XCTAssertEqual(en.section(for: "فيروز"), "ف")
        XCTAssertEqual(en.section(for: "אביב"), "א")
        XCTAssertEqual(en.section(for: "ёлка"), "Е")
        XCTAssertEqual(en.section(for: "ß"), "S")
        XCTAssertEqual(en.section(for: "…And You Will Know Us"), "A")
    }

    func testMixedScriptsInEnglishAreGroupedAndOrdered() {
        let s = sections(mixed, "en_US")
        XCTAssertEqual(s["A"], ["ABBA", "Ángel", "Arzte", "Ärzte"])
        XCTAssertEqual(s["#"], ["!!!", "2 Unlimited", "10cc"], "numbers compare by value")
        XCTAssertEqual(s["Е"], ["Елка", "Ёлка"])
        XCTAssertEqual(s["W"], ["\"Weird Al\"", "五月天"], "Han sorts by its pinyin among Latin names")
        XCTAssertEqual(order(mixed, "en_US"), ["A", "D", "L", "O", "R", "S", "W", "Z", "Ω", "Е", "Й", "К", "#"])
    }

    func testRussianPutsCyrillicFirst() {
        XCTAssertEqual(order(mixed, "ru_RU"), ["Е", "Й", "К", "A", "D", "L", "O", "R", "S", "W", "Z", "Ω", "#"])
    }

    func testIndexKeepsOrderAcrossEdits() {
        let c = BandCollation(locale: Locale(identifier: "en_US"))
        let index = BandIndex([Band(id: 1, name: "Queen"), Band(id: 2, name: "Blur")], collation: c)
        index.upsert(Band(id: 3, name: "Кино"))
        index.upsert(Band(id: 1, name: "Abba"))          // renamed: moves from Q to A
        index.upsert(Band(id: 4, name: "7 Seconds"))
        XCTAssertEqual(index.sections.map(\.title), ["A", "B", "К", "#"])
        XCTAssertEqual(index.bands.map(\.name), ["Abba", "Blur", "Кино", "7 Seconds"])
        index.remove(id: 2)
        XCTAssertEqual(index.bands.map(\.id), [1, 3, 4])
        // The same bands sorted from scratch give the same order as the edits did.
        XCTAssertEqual(BandIndex(index.bands.shuffled(), collation: c).bands, index.bands)
    }

    func testEqualNamesKeepAStableOrderByID() {
        let index = BandIndex([Band(id: 9, name: "New Band"), Band(id: 2, name: "New Band")], collation: BandCollation(locale: Locale(identifier: "en_US")))
        XCTAssertEqual(index.bands.map(\.id), [2, 9])
    }
}
