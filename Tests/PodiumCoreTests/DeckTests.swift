import Foundation
@testable import PodiumCore
import PodiumKit
import XCTest

final class DeckTests: XCTestCase {
    let kinds: [String: (SceneParameters) throws -> Void] = [
        "title": { p in _ = try p.requiredString("heading") },
        "band-list": { _ in },
    ]

    func parse(_ json: String) throws -> Deck { try Deck.parse(Data(json.utf8), path: "/tmp/talk.json", displayName: "talk.json", kinds: kinds) }
    func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> DeckError? {
        do { _ = try parse(json); XCTFail("expected an error", file: file, line: line); return nil }
        catch let e as DeckError { return e } catch { XCTFail("unexpected \(error)", file: file, line: line); return nil }
    }

    func testValidDeckKeepsOrderNotesAndParameters() throws {
        let d = try parse(#"{"title":"T","duration":20,"scenes":[{"kind":"title","title":"A","notes":"hi","time":90,"parameters":{"heading":"H"}},{"kind":"band-list"}]}"#)
        XCTAssertEqual(d.title, "T")
        XCTAssertEqual(d.durationMinutes, 20)
        XCTAssertEqual(d.scenes.map(\.kind), ["title", "band-list"])
        XCTAssertEqual(d.scenes[0].notes, "hi")
        XCTAssertEqual(d.scenes[0].plannedSeconds, 90)
        XCTAssertEqual(try d.scenes[0].parameters.string("heading"), "H")
        XCTAssertEqual(d.scenes[1].title, nil)
    }

    func testUnknownKindNamesPathAndListsKinds() {
        let e = error(#"{"title":"T","scenes":[{"kind":"title","parameters":{"heading":"x"}},{"kind":"slides"}]}"#)
        XCTAssertEqual(e?.path, "scenes[1].kind")
        XCTAssertEqual(e?.message, #"unknown scene kind "slides" (available: band-list, title)"#)
        XCTAssertEqual(e?.description, #"talk.json: scenes[1].kind: unknown scene kind "slides" (available: band-list, title)"#)
    }

    /// Trial 32 m11: a talk (`keepingBadScenes`) keeps a scene of a misspelt kind with its
    /// problem, as it keeps one with a bad parameter (an error card for the speaker); one typo
    /// refused the whole talk. `check` (without it) still fails on it.
    func testATalkKeepsASceneOfAnUnknownKindWithItsProblem() throws {
        let json = #"{"title":"T","scenes":[{"kind":"title","parameters":{"heading":"H"}},{"kind":"titel","parameters":{"heading":"Two"}}]}"#
        let d = try Deck.parse(Data(json.utf8), path: "/tmp/talk.json", displayName: "talk.json", kinds: kinds, keepingBadScenes: true)
        XCTAssertEqual(d.scenes.map(\.kind), ["title", "titel"])
        XCTAssertEqual(d.scenes[1].parameterProblems, [#"talk.json: scenes[1].kind: unknown scene kind "titel"; did you mean "title"? (available: band-list, title)"#])
        XCTAssertEqual(error(json)?.path, "scenes[1].kind")
    }

    /// A misspelt kind gets "did you mean", as a misspelt parameter does (trial 11 F14); a kind
    /// far from every available one ("slides" above) gets none.
    func testAMisspeltKindSuggestsTheNearestKind() {
        XCTAssertEqual(error(#"{"title":"T","scenes":[{"kind":"titel"}]}"#)?.message,
                       #"unknown scene kind "titel"; did you mean "title"? (available: band-list, title)"#)
        XCTAssertEqual(error(#"{"title":"T","scenes":[{"kind":"Band-List"}]}"#)?.message,
                       #"unknown scene kind "Band-List"; did you mean "band-list"? (available: band-list, title)"#)
        XCTAssertEqual(Deck.unknownKindMessage("helo", available: ["hello", "pdf", "title"]),
                       #"unknown scene kind "helo"; did you mean "hello"? (available: hello, pdf, title)"#)
        XCTAssertEqual(Deck.unknownKindMessage("example", available: ["pdf", "title"]),
                       #"unknown scene kind "example" (available: pdf, title)"#)
        // The same rule for parameters (trial 16 m8: "colour" got "did you mean "heading"?").
        XCTAssertEqual(NameSuggestion.didYouMean("colour", among: ["heading", "subtitle", "background"]), "")
        XCTAssertEqual(NameSuggestion.didYouMean("subtitel", among: ["heading", "subtitle", "background"]), #"; did you mean "subtitle"?"#)
    }

    func testMissingFieldsAndWrongTypes() {
        XCTAssertEqual(error(#"{"scenes":[]}"#)?.path, "title")
        XCTAssertEqual(error(#"{"title":"T"}"#)?.path, "scenes")
        XCTAssertEqual(error(#"{"title":"T","scenes":[]}"#)?.message, "a deck needs at least one scene")
        XCTAssertEqual(error(#"{"title":5,"scenes":[{"kind":"band-list"}]}"#)?.message, "expected string, found number")
        XCTAssertEqual(error(#"{"title":"T","scenes":{"kind":"band-list"}}"#)?.message, "expected array, found object")
        XCTAssertEqual(error(#"{"title":"T","scenes":[{"title":"x"}]}"#)?.path, "scenes[0].kind")
        XCTAssertEqual(error(#"{"title":"T","scenes":[{"kind":"band-list","parameters":[1]}]}"#)?.path, "scenes[0].parameters")
        XCTAssertEqual(error(#"{"title":"T","duration":"long","scenes":[{"kind":"band-list"}]}"#)?.path, "duration")
        XCTAssertEqual(error(#"[1,2]"#)?.message, "expected a JSON object at the top level, found array")
    }

    func testSceneParameterErrorsCarryTheirPath() {
        let e = error(#"{"title":"T","scenes":[{"kind":"band-list"},{"kind":"title","parameters":{"heading":7}}]}"#)
        XCTAssertEqual(e?.path, "scenes[1].parameters.heading")
        XCTAssertTrue(e?.message.hasPrefix("expected string, found number") ?? false, e?.message ?? "")
        XCTAssertEqual(error(#"{"title":"T","scenes":[{"kind":"title"}]}"#)?.path, "scenes[0].parameters.heading")
    }

    /// `present` keeps a scene whose parameters alone are wrong, with its problems, so the talk
    /// starts (trial 14 F2); anything else wrong still fails the deck, listing those problems too.
    func testKeepingBadScenesKeepsAParameterProblemOnly() throws {
        let json = #"{"title":"T","scenes":[{"kind":"title","parameters":{"heading":"A"}},{"kind":"title","parameters":{"heading":5}}]}"#
        XCTAssertThrowsError(try parse(json), "a plain load still refuses it")
        let d = try Deck.parse(Data(json.utf8), path: "/tmp/talk.json", displayName: "talk.json", kinds: kinds, keepingBadScenes: true)
        XCTAssertEqual(d.scenes.count, 2)
        XCTAssertEqual(d.scenes[0].parameterProblems, [])
        XCTAssertEqual(d.scenes[1].parameterProblems.count, 1)
        XCTAssertTrue(d.scenes[1].parameterProblems[0].hasPrefix("talk.json: scenes[1].parameters.heading: "), "\(d.scenes[1].parameterProblems)")
        let worse = #"{"title":"T","scenez":[],"scenes":[{"kind":"title","parameters":{"heading":5}}]}"#
        XCTAssertThrowsError(try Deck.parse(Data(worse.utf8), path: "/tmp/talk.json", displayName: "talk.json", kinds: kinds, keepingBadScenes: true)) { e in
            XCTAssertEqual((e as? DeckError)?.all.map(\.path), ["scenez", "scenes[0].parameters.heading"])
        }
    }

    func testInvalidUTF8AndMalformedJSON() {
        var bytes = Array(#"{"title":"Caf"#.utf8); bytes += [0xC3, 0x28]; bytes += Array(#"","scenes":[]}"#.utf8)
        do { _ = try Deck.parse(Data(bytes), path: "x.json", kinds: kinds); XCTFail("expected error") }
        catch let e as DeckError { XCTAssertEqual(e.message, "invalid UTF-8 at byte 13") } catch { XCTFail("\(error)") }
        // A PNG given as the deck (trial 15 m6): named a binary file.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        do { _ = try Deck.parse(Data(png), path: "x.png", kinds: kinds); XCTFail("expected error") }
        catch let e as DeckError { XCTAssertEqual(e.message, "invalid UTF-8 at byte 0: a binary file, not text (a deck is a JSON text file)") } catch { XCTFail("\(error)") }
        // UTF-16 text, with a byte-order mark or without and with a letter beyond ASCII (trial 16 m5):
        // named so, not binary, as the README promises.
        let deck = #"{"title":"Café","scenes":[]}"#
        for (name, d) in [("BOM", deck.data(using: .utf16)!), ("LE", deck.data(using: .utf16LittleEndian)!), ("BE", deck.data(using: .utf16BigEndian)!)] {
            do { _ = try Deck.parse(d, path: "u16.json", kinds: kinds); XCTFail("expected error") }
            catch let e as DeckError { XCTAssertTrue(e.message.hasSuffix("the file looks like UTF-16 text: save it as UTF-8"), "\(name): \(e.message)") } catch { XCTFail("\(error)") }
        }
        XCTAssertTrue(error(#"{"title":"T","scenes":[{"kind":"band-list"}]"#)?.message.hasPrefix("not valid JSON") ?? false)
        XCTAssertEqual(error("{\n  \"title\": \"T\"\n  \"scenes\": []\n}")?.message, "not valid JSON: line 3, column 10: '}' expected near '\"scenes\"'",
                       "a missing comma is located")
        XCTAssertTrue(error("\n")?.message.hasPrefix("the file is empty") ?? false, "not jansson's 'unexpected token near end of file'")
        XCTAssertTrue(error("")?.message.hasPrefix("the file is empty") ?? false)
    }

    /// What Foundation let through: a key given twice (JSONDecoder kept the first, JSONSerialization
    /// the last, so a corrected "duration" added below the old one was silently ignored), a
    /// trailing comma, a comment. jansson refuses each, saying where.
    /// A byte-order mark before the text (Windows editors write one) is not an error.
    func testAByteOrderMarkIsSkipped() throws {
        let d = try Deck.parse(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"title":"T","scenes":[{"kind":"title","parameters":{"heading":"H"}}]}"#.utf8), path: "talk.json", kinds: kinds)
        XCTAssertEqual(d.title, "T")
    }

    func testDuplicateKeysTrailingCommasAndCommentsAreErrors() {
        XCTAssertEqual(error("{\"title\":\"T\",\"duration\":20,\n\"scenes\":[],\"duration\":30}")?.message,
                       "not valid JSON: line 2, column 22: duplicate object key near '\"duration\"'")
        XCTAssertTrue(error(#"{"title":"T","scenes":[],}"#)?.message.hasPrefix("not valid JSON: line 1, column") ?? false)
        XCTAssertTrue(error(#"{"title":"T","scenes":[{"kind":"title","parameters":{"heading":"H"}},]}"#)?.message.hasPrefix("not valid JSON") ?? false)
        XCTAssertTrue(error("{\"title\":\"T\", /* no */ \"scenes\":[]}")?.message.hasPrefix("not valid JSON") ?? false)
        XCTAssertTrue(error(String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000))?.message.hasPrefix("not valid JSON") ?? false,
                      "nesting beyond jansson's limit is an error, not a stack overflow")
    }

    func testMisspeltFieldsAreErrors() {
        // Every problem, one line each: the misspelt field and the field it left missing.
        XCTAssertEqual(error(#"{"title":"T","sceens":[]}"#)?.description,
                       "talk.json: sceens: unknown field (expected one of: title, duration, scenes)\ntalk.json: scenes: missing required field")
        let e = error(#"{"title":"T","scenes":[{"kind":"band-list","notse":"x"}]}"#)
        XCTAssertEqual(e?.path, "scenes[0].notse")
    }

    func testUnreadableFileIsNamed() {
        XCTAssertThrowsError(try Deck.load(path: "/nonexistent/deck.json", kinds: kinds)) { e in
            let d = e as? DeckError
            XCTAssertEqual(d?.file, "/nonexistent/deck.json")
            XCTAssertTrue(d?.message.hasPrefix("cannot read file") ?? false, d?.message ?? "")
        }
    }

    func testDemoDeckIsValidForBuiltInKinds() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Decks/demo.json"))
        let root = try JSONValue.parse(data)
        let kinds = Set(root["scenes"]?.array?.compactMap { $0["kind"]?.string } ?? [])
        XCTAssertTrue(kinds.isSuperset(of: ["title", "band-list"]), "demo shows at least a title and the band list: \(kinds)")
    }
}
