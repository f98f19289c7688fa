import PodiumCore
import PodiumKit

/// Pointer gestures over the control socket, fed to a window's view tree exactly as the mouse's
/// SDL events are (`WindowRoot.dispatch`): tests and scripts draw strokes, drag rectangles and
/// steer the spotlight with them.
///
/// - `{"cmd":"drag","window":"presenter","points":[[x,y],…],"button":1}`: press at the first point
///   (window points), move through the others with the button held, release at the last.
/// - `{"cmd":"hover","window":"audience","x":…,"y":…}`: the pointer moves there with no button held.
@MainActor
enum MouseRequests {
    static func perform(_ cmd: String, _ v: JSONValue, _ root: WindowRoot) throws {
        func point(_ q: JSONValue, _ at: String) throws -> Point {
            guard let a = q.array, a.count == 2 else { throw ControlRequests.Failure("\(at): expected [x, y] in window points, found \(q.found)") }
            return Point(try a[0].number(at: "\(at)[0]", in: -1e6...1e6), try a[1].number(at: "\(at)[1]", in: -1e6...1e6))
        }
        switch cmd {
        case "drag":
            guard let list = v["points"]?.array, !list.isEmpty, list.count <= 10_000 else {
                throw ControlRequests.Failure("drag needs \"points\": 1 to 10000 [x, y] pairs (window points)")
            }
            let pts = try list.enumerated().map { try point($0.element, "points[\($0.offset)]") }
            let button = try v["button"].map { try $0.integer(at: "button", in: 1...3) } ?? 1
            root.dispatch(.mouseDown(pts[0], button: button, clicks: 1))
            for p in pts.dropFirst() { root.dispatch(.mouseMoved(p, buttons: 1 << (button - 1))) }
            root.dispatch(.mouseUp(pts.last!, button: button))
        default:
            guard let x = try v["x"]?.number(at: "x", in: -1e6...1e6), let y = try v["y"]?.number(at: "y", in: -1e6...1e6) else {
                throw ControlRequests.Failure("hover needs \"x\" and \"y\" (window points)")
            }
            root.dispatch(.mouseMoved(Point(x, y), buttons: 0))
        }
    }
}
