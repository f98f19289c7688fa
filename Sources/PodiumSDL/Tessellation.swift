import CTessellate
import FoundationEssentials
import Glibc
import PodiumKit

/// General polygons into triangles with GLU's tessellator (Debian's libglu1-mesa, `CTessellate`),
/// which `SDL_RenderGeometry` then fills (`DrawCommand.shape`). Any ring set is accepted:
/// concave outlines, holes, rings that cross themselves. With `.evenOdd` a point inside an odd
/// number of rings is filled (a ring inside the outline is a hole, a ring inside that hole an
/// island); with `.nonZero` a point whose winding number is not zero.
public enum Tessellation {
    /// The triangles filling `rings`, three corners each, in the rings' coordinates (GLU adds
    /// a corner where edges cross). Empty when nothing is filled, or when a ring has a point
    /// that is not finite.
    public static func triangles(_ rings: [[Point]], rule: FillRule = .evenOdd) -> [Point] {
        var xy: [Double] = [], lengths: [Int32] = []
        for ring in rings {
            // Repeated points (and the closing point) make zero-length edges GLU does not need.
            var kept: [Point] = []
            for p in ring where kept.last != p { kept.append(p) }
            if kept.count > 1, kept.first == kept.last { kept.removeLast() }
            guard kept.count >= 3 else { continue }
            guard kept.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
            for p in kept { xy.append(p.x); xy.append(p.y) }
            lengths.append(Int32(kept.count))
        }
        guard !lengths.isEmpty else { return [] }
        var out: UnsafeMutablePointer<Double>?
        let n = Int(podium_tessellate(xy, lengths, Int32(lengths.count), rule == .nonZero ? 1 : 0, &out))
        defer { free(out) }
        guard n > 0, let out else { return [] }
        return (0..<(3 * n)).map { Point(out[2 * $0], out[2 * $0 + 1]) }
    }

    /// Twice the signed area of `ring`; positive for clockwise rings in y-down coordinates.
    public static func signedArea2(_ ring: [Point]) -> Double {
        var a = 0.0
        for i in ring.indices { let p = ring[i], q = ring[(i + 1) % ring.count]; a += p.x * q.y - q.x * p.y }
        return a
    }
}
