import Foundation
import XCTest
@testable import MapSearchScene

/// A geocoder answer whose `osm_id` no Int can hold is refused with a message, not a trap.
final class GeocoderNumberTests: XCTestCase {
    func parse(_ osmID: String) -> String {
        let body = #"[{"osm_type":"node","osm_id":\#(osmID),"lat":"60.1","lon":"24.9","display_name":"Shop, Helsinki"}]"#
        do { return try NominatimGeocoder.parse(Data(body.utf8)).first?.osm ?? "" } catch { return "error: \(error)" }
    }

    func testOutOfRangeOSMIDsAreRefused() {
        XCTAssertEqual(parse("123"), "node/123")
        XCTAssertEqual(parse("1e300"), "error: geocoder result [0].osm_id: expected an integer 0–\(Int.max), found 1e+300")
        XCTAssertTrue(parse("-1e300").hasPrefix("error: geocoder result [0].osm_id"), parse("-1e300"))
        XCTAssertTrue(parse("2.5").hasPrefix("error: geocoder result [0].osm_id"), parse("2.5"))
    }
}
