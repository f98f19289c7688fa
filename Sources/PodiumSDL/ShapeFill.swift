import CSDL2
import PodiumKit

/// One renderer's triangles of `PolygonShape`s, by `PolygonShape.id`: GLU tessellates a shape
/// once, in its own coordinates, and every later frame only maps the corners (a map area at any
/// zoom or pan). Kept while the shape lives and within `pointBudget`, least recently drawn first out.
final class ShapeTriangles {
    private struct Entry {
        weak var shape: PolygonShape?
        /// x, y of each triangle corner, three corners per triangle.
        let xy: [Double]
        var used: UInt64
    }
    private var entries: [UInt64: Entry] = [:]
    /// Corners kept beyond those drawn in the current frame (16 bytes each: 2 M ≈ 32 MB).
    var pointBudget = 2 << 20
    /// Shapes tessellated so far (tests assert that drawing a shape again does not redo it).
    private(set) var tessellations = 0

    func triangles(of s: PolygonShape, frame: UInt64) -> [Double] {
        if entries[s.id] != nil { entries[s.id]!.used = frame; return entries[s.id]!.xy }
        var xy: [Double] = []
        let corners = Tessellation.triangles(s.rings, rule: s.rule)
        xy.reserveCapacity(2 * corners.count)
        for p in corners { xy.append(p.x); xy.append(p.y) }
        tessellations += 1
        entries[s.id] = Entry(shape: s, xy: xy, used: frame)
        return xy
    }

    /// After each frame: triangles of shapes that went are dropped, then the least recently
    /// drawn until the ones not drawn in `frame` fit the budget.
    func endFrame(_ frame: UInt64) {
        guard !entries.isEmpty else { return }
        for (id, e) in entries where e.shape == nil { entries[id] = nil }
        var spare = entries.values.reduce(0) { $0 + ($1.used == frame ? 0 : $1.xy.count / 2) }
        guard spare > pointBudget else { return }
        for (id, e) in entries.filter({ $0.value.used != frame }).sorted(by: { $0.value.used < $1.value.used }) {
            guard spare > pointBudget else { break }
            spare -= e.xy.count / 2
            entries[id] = nil
        }
    }

    var count: Int { entries.count }
}

extension Renderer {
    /// `DrawCommand.shape`: the shape's cached triangles, mapped by `p * k + offset` and the
    /// pixel scale, in one `SDL_RenderGeometry` call.
    func fillShape(_ s: PolygonShape, _ c: Color, scale k: Double, offset o: Point) {
        let xy = shapeTriangles.triangles(of: s, frame: frameCounter)
        guard xy.count >= 6 else { return }
        setColor(c)   // the draw blend mode applies to untextured geometry
        let col = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        let sx = k * scale, tx = o.x * scale, ty = o.y * scale
        var verts = [SDL_Vertex](repeating: SDL_Vertex(position: SDL_FPoint(), color: col, tex_coord: SDL_FPoint()), count: xy.count / 2)
        xy.withUnsafeBufferPointer { p in
            for i in verts.indices { verts[i].position = SDL_FPoint(x: Float(p[2 * i] * sx + tx), y: Float(p[2 * i + 1] * sx + ty)) }
        }
        SDL_RenderGeometry(sdl, nil, verts, Int32(verts.count), nil, 0)
    }

    /// The window-point rectangle `DrawCommand.shape` covers.
    static func shapeBounds(_ s: PolygonShape, scale k: Double, offset o: Point) -> Rect {
        let b = s.bounds
        let x0 = b.minX * k + o.x, x1 = b.maxX * k + o.x, y0 = b.minY * k + o.y, y1 = b.maxY * k + o.y
        return Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
    }
}
