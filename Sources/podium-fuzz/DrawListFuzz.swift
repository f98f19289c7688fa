import Foundation
import PodiumCore
import PodiumKit
#if DEBUG
@testable import PodiumSDL

/// The `draw-list` fuzz target (trial 11 F1): a plugin's draw commands with arbitrary doubles go
/// through `DrawListSanitiser` and then through the pixel arithmetic the renderer's damage code
/// does on them (`IntRect`); any trap is the bug, and so is a sanitised value left non-finite or
/// past the limit. Input: per command a kind byte, then 8-byte doubles (bit patterns: NaN,
/// infinities and 1e308 included) as the kind needs.
enum DrawListFuzz {
    static func run(_ data: Data) {
        var bytes = Array(data)[...]
        func number() -> Double? {
            guard bytes.count >= 8 else { return nil }
            let v = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            bytes.removeFirst(8)
            return Double(bitPattern: v)
        }
        func rect() -> Rect? { guard let x = number(), let y = number(), let w = number(), let h = number() else { return nil }; return Rect(x, y, w, h) }
        func point() -> Point? { guard let x = number(), let y = number() else { return nil }; return Point(x, y) }
        var commands: [DrawCommand] = []
        while let kind = bytes.popFirst() {
            switch kind % 8 {
            case 0: if let r = rect(), let k = number() { commands.append(.fill(r, .white, radius: k)) }
            case 1: if let r = rect(), let w = number() { commands.append(.stroke(r, .white, width: w, radius: 0)) }
            case 2: if let a = point(), let b = point(), let w = number() { commands.append(.line(a, b, .white, width: w)) }
            case 3: if let a = point(), let b = point(), let c = point() { commands.append(.polygon([a, b, c], .white)) }
            case 4: if let o = point(), let s = number(), let w = number() { commands.append(.text(TextBlock("x", font: Font(size: s), width: w), .white, origin: o)) }
            case 5: if let r = rect() { commands.append(.pushClip(r)) }
            case 6: commands.append(.popClip)
            default: if let r = rect(), let o = number() { commands.append(.image(path: "/nonexistent", r, opacity: o)) }
            }
        }
        let (clean, _) = DrawListSanitiser.sanitised(commands)
        // The presenter's preview replays the room's list scaled; at up to 4× pixels.
        for scale in [1.0, 0.25, 4.0] {
            var acc = IntRect.zero
            for c in DrawList(commands: clean).transformed(scale: scale, translation: Point(17, 3)).commands {
                let r: Rect
                switch c {
                case let .fill(x, _, _), let .stroke(x, _, _, _), let .image(_, x, _), let .pushClip(x): r = x
                case let .text(_, _, o): r = Rect(o.x, o.y, 1, 1)
                default: continue
                }
                precondition(r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite, "left non-finite: \(c)")
                let p = IntRect(covering: r.minX, r.minY, r.maxX, r.maxY)
                acc = acc.union(p).intersection(IntRect(covering: -1e6, -1e6, 1e6, 1e6)).union(p.grown(by: 8))
                _ = p.area; _ = acc.area
                _ = Int32(pixel: r.width * 1024)   // a Pango width in its units
            }
        }
    }
}
#endif
