import PodiumKit

extension Renderer {
    /// `list` with each bitmap drawn at another pixel size than its own (a PDF page in the
    /// console's preview or a thumbnail) replaced by its picture at that size when its
    /// `resizer` has it ready; otherwise the bitmap stays and is scaled. Done before the frame is
    /// compared with the last one, so a preview whose page became ready counts as changed.
    func resolvingSizes(_ list: DrawList) -> DrawList {
        guard list.commands.contains(where: { if case let .bitmap(b, _, _) = $0 { b.resizer != nil } else { false } }) else { return list }
        var commands = list.commands
        for i in commands.indices {
            guard case let .bitmap(b, r, opacity) = commands[i], let resizer = b.resizer else { continue }
            let f = px(r)
            let w = Int(pixel: f.w.rounded()), h = Int(pixel: f.h.rounded())
            guard w > 0, h > 0, abs(w - b.width) > 1 || abs(h - b.height) > 1 else { continue }
            if let sized = resizer.bitmap(pixelWidth: w, pixelHeight: h) { commands[i] = .bitmap(sized, r, opacity: opacity) }
        }
        return DrawList(commands: commands)
    }
}
