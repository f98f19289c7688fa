import Foundation
import PodiumKit
import XCTest

/// `SceneParameters.collectingProblems`: a kind's `validate` run once lists every bad value of a
/// scene (the accessors note and answer nil), and what it throws at the end is added unless the
/// field was already named (a required string of the wrong type is not also "missing").
final class SceneParameterProblemsTests: XCTestCase {
    func validate(_ p: SceneParameters) throws {
        _ = try p.requiredString("heading")
        _ = try p.integer("count", in: 1...5)
        _ = try p.bool("loop")
        if try p.number("speed") == nil, p.values["speed"] == nil { throw SceneParameterError(path: "\(p.path).speed", message: "missing required number") }
    }

    /// `JSONValue`'s throwing accessors, used in `validate` on an array's items, name the whole
    /// path: said once, not after the parameters' path again (trial 30 m8:
    /// "scenes[6].parameters: scenes[6].parameters.votes[0]: …").
    func testAJSONPathErrorIsSaidWithItsOwnPath() {
        let p = SceneParameters(["votes": [1e300]], path: "scenes[6].parameters")
        let problems = p.collectingProblems { p in
            for (i, v) in (p.values["votes"]?.array ?? []).enumerated() { _ = try v.number(at: "\(p.path).votes[\(i)]", in: 0...1_000_000) }
        }
        XCTAssertEqual(problems.map(\.description), ["scenes[6].parameters.votes[0]: expected a number 0–1000000, found 1e+300"])
    }

    func testEveryBadValueOnceAndTheThrownProblemUnlessAlreadyNamed() {
        let p = SceneParameters(["heading": 3, "count": 9, "loop": "yes"], path: "scenes[0].parameters")
        // Trial 32 m9: a required string of the wrong type is noted and the check reads on (it
        // stopped there, hiding the scene's other problems); its own "missing" is not added.
        XCTAssertEqual(p.collectingProblems(validate).map(\.description), [
            "scenes[0].parameters.heading: expected string, found number 3",
            "scenes[0].parameters.count: expected an integer 1–5, found 9",
            "scenes[0].parameters.loop: expected boolean, found string \"yes\"",
            "scenes[0].parameters.speed: missing required number",
        ])
        XCTAssertEqual(SceneParameters(["speed": 2], path: "s").collectingProblems(validate).map(\.description), ["s.heading: missing required string"])
        XCTAssertThrowsError(try validate(p)) { XCTAssertEqual("\($0)", "scenes[0].parameters.heading: expected string, found number 3") }
        let q = SceneParameters(["heading": "Hi", "count": 9, "loop": "yes"], path: "scenes[0].parameters")
        XCTAssertEqual(q.collectingProblems(validate).map(\.description), [
            "scenes[0].parameters.count: expected an integer 1–5, found 9",
            "scenes[0].parameters.loop: expected boolean, found string \"yes\"",
            "scenes[0].parameters.speed: missing required number",
        ])
        XCTAssertEqual(SceneParameters(["heading": "Hi", "speed": 2]).collectingProblems(validate), [])
        // Outside collectingProblems the accessors still throw at the first problem.
        XCTAssertThrowsError(try validate(q)) { XCTAssertEqual("\($0)", "scenes[0].parameters.count: expected an integer 1–5, found 9") }
        var e = SceneParameterError(path: "a", message: "one"); e.more = [SceneParameterError(path: "b", message: "two")]
        XCTAssertEqual("\(e)", "a: one\nb: two")
    }

    /// Trial 32 m9: an array of strings with another value in it names that element.
    func testAStringArrayNamesItsFirstBadElement() {
        let p = SceneParameters(["options": [1, "b", true]], path: "scenes[1].parameters")
        XCTAssertEqual(p.collectingProblems { _ = try $0.stringArray("options") }.map(\.description),
                       ["scenes[1].parameters.options[0]: expected string, found number 1"])
        XCTAssertEqual(p.collectingProblems { _ = try $0.stringArray("none") }, [])
        XCTAssertEqual(try SceneParameters(["options": ["a", "b"]]).stringArray("options"), ["a", "b"])
        XCTAssertThrowsError(try SceneParameters(["options": "a"]).stringArray("options")) { XCTAssertEqual("\($0)", "parameters.options: expected array of strings, found string \"a\"") }
    }
}
