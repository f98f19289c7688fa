import CSDL2
import PodiumKit

/// Triangles of `PolygonShape`s, by `PolygonShape.id`: GLU tessellates a shape once, in its own
/// coordinates, and every later frame only maps the corners (a map area at any zoom or pan).
/// One cache for every renderer (`shared`), so a shape the presenter view and the audience view
/// both draw is tessellated once. Kept while the shape lives and within `pointBudget`, least
/// recently drawn first out. Main thread only, like the renderers.
final class ShapeTriangles: @unchecked Sendable {
    static let shared = ShapeTriangles()

    private struct Entry {
        weak var shape: PolygonShape?
        /// x, y of each triangle corner, three corners per triangle.
        let xy: [Double]
        var used: UInt64
    }
    private var entries: [UInt64: Entry] = [:]
    /// Corners held by all entries.
    private var points = 0
    /// Whether a shape was drawn in the frame being drawn and in the one before.
    private var drawnThisFrame = false, drawnLastFrame = false
    /// Counts frames ended by any renderer.
    private var tick: UInt64 = 1
    /// Corners kept beyond those drawn in the last two frames (16 bytes each: 2 M ≈ 32 MB).
    var pointBudget = 2 << 20
    /// Shapes tessellated so far (tests assert that drawing a shape again does not redo it).
    private(set) var tessellations = 0
    var count: Int { entries.count }

    func triangles(of s: PolygonShape) -> [Double] {
        drawnThisFrame = true
        if entries[s.id] != nil { entries[s.id]!.used = tick; return entries[s.id]!.xy }
        var xy: [Double] = []
        let corners = Tessellation.triangles(s.rings, rule: s.rule)
        xy.reserveCapacity(2 * corners.count)
        for p in corners { xy.append(p.x); xy.append(p.y) }
        tessellations += 1
        entries[s.id] = Entry(shape: s, xy: xy, used: tick)
        points += xy.count / 2
        return xy
    }

    /// After each frame of any renderer: triangles of shapes that went are dropped, then the
    /// least recently drawn until those not drawn in this or the previous frame (the other
    /// window's) fit the budget. A frame that drew no shape, like an idle console's clock tick,
    /// skips the walk over every entry (a map holds thousands) while all of them fit the budget;
    /// triangles of shapes that went are then dropped within 64 frames.
    func endFrame() {
        defer { tick += 1; drawnLastFrame = drawnThisFrame; drawnThisFrame = false }
        guard !entries.isEmpty, drawnThisFrame || drawnLastFrame || points > pointBudget || tick % 64 == 0 else { return }
        for (id, e) in entries where e.shape == nil { drop(id) }
        guard points > pointBudget else { return }   // what is spare is at most all of it
        let recent = { (e: Entry) in e.used + 1 >= self.tick }
        var spare = entries.values.reduce(0) { $0 + (recent($1) ? 0 : $1.xy.count / 2) }
        guard spare > pointBudget else { return }
        for (id, e) in entries.filter({ !recent($0.value) }).sorted(by: { $0.value.used < $1.value.used }) {
            guard spare > pointBudget else { break }
            spare -= e.xy.count / 2
            drop(id)
        }
    }

    private func drop(_ id: UInt64) {
        guard let e = entries.removeValue(forKey: id) else { return }
        points -= e.xy.count / 2
    }
}

extension Renderer {
    /// `DrawCommand.shape`: the shape's cached triangles, mapped by `p * k + offset` and the
    /// pixel scale, in one `SDL_RenderGeometry` call.
    func fillShape(_ s: PolygonShape, _ c: Color, scale k: Double, offset o: Point) {
        let xy = shapeTriangles.triangles(of: s)
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
