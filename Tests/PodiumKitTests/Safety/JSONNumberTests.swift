import Foundation
import PodiumKit
import XCTest

/// Numbers from outside become Ints and bounded Doubles only through checked conversions: no
/// value traps, and refusals name the path, the range and what was found.
final class JSONNumberTests: XCTestCase {
    func value(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    func testIntNeverTraps() throws {
        XCTAssertEqual(try value("42").int, 42)
        XCTAssertEqual(try value("-3").int, -3)
        for t in ["1e19", "-1e19", "1e300", "-1e300", "2.5", "9223372036854775808"] {
            XCTAssertNil(try value(t).int, t)
        }
        XCTAssertNil(JSONValue.number(.nan).int)
        XCTAssertNil(JSONValue.number(.infinity).int)
    }

    func testIntegerInRangeNamesPathAndRange() throws {
        XCTAssertEqual(try value("7").integer(at: "[0].rating", in: 0...10), 7)
        func message(_ t: String) -> String {
            do { _ = try value(t).integer(at: "[0].rating", in: 0...10); return "" } catch { return "\(error)" }
        }
        XCTAssertEqual(message("1e300"), "[0].rating: expected an integer 0–10, found 1e+300")
        XCTAssertEqual(message("11"), "[0].rating: expected an integer 0–10, found 11")
        XCTAssertEqual(message("7.5"), "[0].rating: expected an integer 0–10, found 7.5")
        XCTAssertEqual(message("\"ten\""), "[0].rating: expected an integer 0–10, found string \"ten\"")
        XCTAssertEqual(message("[1]"), "[0].rating: expected an integer 0–10, found array")
        let long = "\"" + String(repeating: "x", count: 5000) + "\""
        XCTAssertLessThan(message(long).count, 200, "a long value is cut")
    }

    func testNumberInRangeRefusesNonFinite() throws {
        XCTAssertEqual(try value("20").number(at: "duration", in: 0...1440), 20)
        for v: JSONValue in [.number(.nan), .number(.infinity), .number(-.infinity), .number(1e300), .number(-1)] {
            XCTAssertThrowsError(try v.number(at: "duration", in: 0...1440)) { XCTAssertTrue("\($0)".hasPrefix("duration: expected a number 0–1440, found"), "\($0)") }
        }
    }

    func testSceneParametersCheckedAccessors() throws {
        let p = SceneParameters(["limit": 1e300, "zoom": 12, "page": "x"], path: "scenes[2].parameters")
        XCTAssertThrowsError(try p.integer("limit", in: 1...50)) {
            XCTAssertEqual($0 as? SceneParameterError, SceneParameterError(path: "scenes[2].parameters.limit", message: "expected an integer 1–50, found 1e+300"))
        }
        XCTAssertEqual(try p.number("zoom", in: 2...20), 12)
        XCTAssertNil(try p.integer("absent", in: 0...1))
        XCTAssertThrowsError(try p.number("page", in: 1...10)) { XCTAssertEqual("\($0)", "scenes[2].parameters.page: expected a number 1–10, found string \"x\"") }
    }
}
