import Foundation
import PodiumKit

/// Splits simple polygons into triangles, because the renderer's `.polygon` command fills a
/// convex fan only. Ear clipping, O(n²) worst case — map rings here have tens of points.
/// Reference: D. Eberly, "Triangulation by Ear Clipping" (Geometric Tools, 2002).
public enum Triangulation {
    /// True when `ring` (either winding) turns the same way at every vertex.
    public static func isConvex(_ ring: [Point]) -> Bool {
        let n = ring.count
        guard n >= 3 else { return false }
        var sign = 0.0
        for i in 0..<n {
            let c = cross(ring[i], ring[(i + 1) % n], ring[(i + 2) % n])
            if c == 0 { continue }
            if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// Twice the signed area; positive for clockwise rings in y-down coordinates.
    public static func signedArea2(_ ring: [Point]) -> Double {
        var a = 0.0
        for i in ring.indices { let p = ring[i], q = ring[(i + 1) % ring.count]; a += p.x * q.y - q.x * p.y }
        return a
    }

    /// Triangles of a simple polygon as index triples into `ring`. Self-intersecting input still
    /// returns triangles (the remainder is fanned) rather than looping forever.
    public static func triangulate(_ ring: [Point]) -> [Int32] {
        var idx = Array(0..<ring.count)
        // Drop repeated points, which make zero-length edges and degenerate ears.
        idx = idx.enumerated().filter { i, v in i == 0 || ring[v] != ring[idx[i - 1]] }.map(\.1)
        if idx.count > 1, ring[idx[0]] == ring[idx[idx.count - 1]] { idx.removeLast() }
        guard idx.count >= 3 else { return [] }
        let orientation: Double = signedArea2(idx.map { ring[$0] }) >= 0 ? 1 : -1
        var out: [Int32] = []
        out.reserveCapacity((idx.count - 2) * 3)
        var guardCount = 0
        var i = 0
        while idx.count > 3 {
            let n = idx.count
            let a = idx[(i + n - 1) % n], b = idx[i % n], c = idx[(i + 1) % n]
            if isEar(a, b, c, idx, ring, orientation) {
                out += [Int32(a), Int32(b), Int32(c)]
                idx.remove(at: i % n)
                guardCount = 0
                i = max(0, (i % n) - 1)
            } else {
                i = (i + 1) % n
                guardCount += 1
                if guardCount > n {   // no ear found: not a simple polygon; fan the rest
                    for k in 1..<(idx.count - 1) { out += [Int32(idx[0]), Int32(idx[k]), Int32(idx[k + 1])] }
                    return out
                }
            }
        }
        out += idx.map(Int32.init)
        return out
    }

    /// Convex pieces of a simple polygon, as index lists into `ring`: the ear-clipping triangles
    /// merged across shared diagonals while the union stays convex (Hertel–Mehlhorn), which
    /// gives at most four times the optimal number of pieces and far fewer draw calls than
    /// triangles. Reference: J. O'Rourke, "Computational Geometry in C", 2nd ed., §2.5.
    public static func convexPieces(_ ring: [Point]) -> [[Int]] {
        let tri = triangulate(ring)
        var pieces: [[Int]] = stride(from: 0, to: tri.count, by: 3).map { [Int(tri[$0]), Int(tri[$0 + 1]), Int(tri[$0 + 2])] }
        // One sweep: each piece absorbs every later neighbour it can while staying convex.
        var i = 0
        while i < pieces.count {
            var j = i + 1
            while j < pieces.count {
                if let m = merge(pieces[i], pieces[j]), isConvex(m.map { ring[$0] }) {
                    pieces[i] = m
                    pieces.remove(at: j)
                    j = i + 1   // the grown piece may now touch earlier-skipped ones
                } else {
                    j += 1
                }
            }
            i += 1
        }
        return pieces
    }

    /// Joins two pieces that share an edge (walked in opposite directions), or nil.
    private static func merge(_ a: [Int], _ b: [Int]) -> [Int]? {
        for i in a.indices {
            let u = a[i], v = a[(i + 1) % a.count]
            guard let j = b.firstIndex(of: v), b[(j + 1) % b.count] == u else { continue }
            // a up to u, then b's vertices after u and before v, then v and the rest of a.
            var out = Array(a[...i])
            var k = (j + 2) % b.count
            while b[k] != v { out.append(b[k]); k = (k + 1) % b.count }
            out += a[(i + 1)...]
            return out
        }
        return nil
    }

    private static func isEar(_ a: Int, _ b: Int, _ c: Int, _ idx: [Int], _ r: [Point], _ orientation: Double) -> Bool {
        let pa = r[a], pb = r[b], pc = r[c]
        guard cross(pa, pb, pc) * orientation > 0 else { return false }   // reflex or flat vertex
        for j in idx where j != a && j != b && j != c {
            if r[j] == pa || r[j] == pb || r[j] == pc { continue }
            if inTriangle(r[j], pa, pb, pc, orientation) { return false }
        }
        return true
    }

    @inline(__always)
    static func cross(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) }

    private static func inTriangle(_ p: Point, _ a: Point, _ b: Point, _ c: Point, _ o: Double) -> Bool {
        cross(a, b, p) * o >= 0 && cross(b, c, p) * o >= 0 && cross(c, a, p) * o >= 0
    }
}
