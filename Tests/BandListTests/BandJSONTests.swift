import BandListScene
import Foundation
import XCTest

/// The JSON format of the seed file and of `podium bands export|import`.
final class BandJSONTests: XCTestCase {
    func decode(_ json: String) throws -> [Band] {
        try BandJSON.decode(Data(json.utf8), file: "in.json", baseDirectory: URL(fileURLWithPath: "/data/bands"))
    }
    func error(_ json: String) -> String {
        do { _ = try decode(json); return "no error" } catch { return "\(error)" }
    }

    func testReadsEveryFieldAndResolvesImagesAgainstTheFile() throws {
        let bands = try decode(#"[{"name":" Кино ","notes":"a\nb","rating":9,"touring":"Disbanded","seenLive":true,"image":"img/kino.png"}]"#)
        XCTAssertEqual(bands, [Band(name: "Кино", notes: "a\nb", rating: 9, touringStatus: .disbanded, seenLive: true, imagePath: "/data/bands/img/kino.png")])
    }

    func testExportThenImportRoundTrips() throws {
        let bands = [Band(name: "五月天", notes: "Taipei\n\"quoted\"", rating: 8, touringStatus: .onTour, seenLive: false),
                     Band(name: "Sigur Rós", rating: 0, touringStatus: .offTour, seenLive: true, imagePath: "/i/s.png")]
        XCTAssertEqual(try BandJSON.decode(BandJSON.encode(bands), file: "x", baseDirectory: URL(fileURLWithPath: "/")), bands)
    }

    func testErrorsNameTheFileRecordAndField() {
        XCTAssertEqual(error(#"[{"name":"A"},{"name":"Queen","rating":11}]"#), "in.json: [1] \"Queen\": rating: expected an integer 0–10, found 11")
        XCTAssertEqual(error(#"[{"name":"Queen","rating":"ten"}]"#), "in.json: [0] \"Queen\": rating: expected an integer 0–10, found string \"ten\"")
        XCTAssertEqual(error(#"[{"name":"Queen","rating":7.5}]"#), "in.json: [0] \"Queen\": rating: expected an integer 0–10, found 7.5")
        XCTAssertEqual(error(#"[{"notes":"no name"}]"#), "in.json: [0]: name: required")
        XCTAssertEqual(error(#"[{"name":"   "}]"#), "in.json: [0] \"   \": name: required, must not be blank")
        XCTAssertEqual(error(#"[{"name":42}]"#), "in.json: [0]: name: expected string, found number")
        XCTAssertEqual(error(#"[{"name":"Blur","touring":"on tour"}]"#),
                       "in.json: [0] \"Blur\": touring: expected one of \"On Tour\", \"Off Tour\", \"Disbanded\", found string \"on tour\"")
        XCTAssertEqual(error(#"[{"name":"Blur","seenLive":"yes"}]"#), "in.json: [0] \"Blur\": seenLive: expected true or false, found string \"yes\"")
        XCTAssertEqual(error(#"[{"name":"Blur","ratng":3}]"#), "in.json: [0] \"Blur\": ratng: unknown field (expected name, notes, rating, touring, seenLive, image)")
        XCTAssertEqual(error(#"[{"name":"Blur"}, 3]"#), "in.json: [1]: expected an object, found number")
        XCTAssertEqual(error(#"{"name":"Blur"}"#), "in.json: expected an array of bands, found object")
        XCTAssertTrue(error(#"[{"name":"Blur""#).hasPrefix("in.json: not valid JSON: "))
    }

    /// Every problem of every record, one line each, in record order.
    func testEveryProblemOfEveryRecordIsListed() {
        XCTAssertEqual(error(#"[{"name":"Blur","ratng":3,"rating":11,"seenLive":"yes"},{"name":"Pulp"},{"notes":5},"x"]"#), """
            in.json: [0] "Blur": ratng: unknown field (expected name, notes, rating, touring, seenLive, image)
            in.json: [0] "Blur": rating: expected an integer 0–10, found 11
            in.json: [0] "Blur": seenLive: expected true or false, found string "yes"
            in.json: [2]: name: required
            in.json: [2]: notes: expected string, found number
            in.json: [3]: expected an object, found string
            """)
    }

    /// The band list's name rule (`BandListModel.named`, the form's): trimmed, and a name the
    /// file already has but for case and spacing refused, naming both records; a record with
    /// other problems is compared too (every problem in one run).
    func testNamesAreTrimmedAndTheSameBandTwiceIsRefusedAsTheListRefusesIt() throws {
        XCTAssertEqual(try decode(#"[{"name":"  Blur "},{"name":"Pulp\n"}]"#).map(\.name), ["Blur", "Pulp"])
        let same = "(names differing only in case or spaces are the same band)"
        XCTAssertEqual(error(#"[{"name":"Radiohead"},{"name":"  radiohead "},{"name":"Sigur Rós","rating":11},{"name":"SIGUR  RÓS"},{"name":"Blur"}]"#), """
            in.json: [1] "  radiohead ": name: “Radiohead” ([0]) is already in the file \(same)
            in.json: [2] "Sigur Rós": rating: expected an integer 0–10, found 11
            in.json: [3] "SIGUR  RÓS": name: “Sigur Rós” ([2]) is already in the file \(same)
            """)
    }

    func testTheShippedSeedIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bands = try BandJSON.load(root.appendingPathComponent("Assets/Bands/bands.json"))
        XCTAssertGreaterThanOrEqual(bands.count, 10)
        XCTAssertTrue(bands.contains { $0.name == "Кино" })
    }
}
