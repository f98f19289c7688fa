import CPango
import PodiumKit

/// Grapheme clusters of a laid-out block for carets and selection (`TextMeasuring.clusters`), in
/// one pass over Pango's own clusters with a `PangoLayoutIter`: linear in the text. Asking Pango
/// per character (`pango_layout_index_to_pos`) walks the layout each time, quadratic in a line's
/// length: 2,500 characters typed into a field stalled the main loop until the hang watchdog
/// ended the talk (trial 14, finding 1).
extension TextEngine {
    /// One stop of Pango's iterator, in bytes and points; `lineEnd` is the empty position after
    /// a line's last cluster (where a newline's caret goes).
    private struct Stop {
        var start: Int, line: Int, x: Double, width: Double, rightToLeft: Bool, lineEnd: Bool
    }

    /// Every `Character` of `text` (laid out as `layout`) in logical order with its line and
    /// visual extent. A Pango cluster holding several Characters (a ligature, an ellipsis) is
    /// shared out evenly in its direction; a Character made of several Pango clusters spans them
    /// all; a newline (in no run) sits, zero wide, where its line ends.
    static func clusters(of layout: OpaquePointer, text: String) -> [TextCluster] {
        let index = ByteIndex(text)
        let n = text.count
        guard n > 0 else { return [] }
        // The Character each stop starts in; a real cluster wins over a line's end at the same
        // place (a soft-wrapped line ends where the next one starts).
        var slot = [Stop?](repeating: nil, count: n)
        func place(_ stop: Stop) {
            let c = index.character(atByte: stop.start)
            guard c < n else { return }
            if let s = slot[c], !s.lineEnd {
                guard !stop.lineEnd, s.line == stop.line else { return }
                // Several Pango clusters in one Character: it spans them all.
                let lo = min(s.x, stop.x), hi = max(s.x + s.width, stop.x + stop.width)
                slot[c] = Stop(start: min(s.start, stop.start), line: s.line, x: lo, width: hi - lo, rightToLeft: s.rightToLeft, lineEnd: false)
            } else if slot[c] == nil || !stop.lineEnd {
                slot[c] = stop
            }
        }
        // Lines first: Pango's cluster steps skip empty lines and the ends of lines, where a
        // newline's caret goes (the end of the line's logical order: its left in a right-to-left
        // paragraph).
        var lineNumber: [UnsafeMutablePointer<PangoLayoutLine>: Int] = [:]
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            let l = pango_layout_iter_get_line_readonly(iter)!
            let number = lineNumber.count
            lineNumber[l] = number
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let r = rect(logical), rtl = pango_layout_line_get_resolved_direction(l) == PANGO_DIRECTION_RTL
            place(Stop(start: Int(l.pointee.start_index) + Int(l.pointee.length), line: number, x: rtl ? r.minX : r.maxX,
                       width: 0, rightToLeft: false, lineEnd: true))
        } while pango_layout_iter_next_line(iter) != 0
        let clusters = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(clusters) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(clusters) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_cluster_extents(clusters, nil, &logical)
            let r = rect(logical), width = abs(r.width)
            place(Stop(start: Int(pango_layout_iter_get_index(clusters)), line: lineNumber[pango_layout_iter_get_line_readonly(clusters)] ?? 0,
                       x: min(r.minX, r.maxX), width: width,
                       // Pango reports no direction for a zero-wide cluster (a space where a line wraps).
                       rightToLeft: width > 0 && run.pointee.item.pointee.analysis.level % 2 == 1, lineEnd: false))
        } while pango_layout_iter_next_cluster(clusters) != 0

        var out: [TextCluster] = []
        out.reserveCapacity(n)
        var i = 0
        while i < n {
            // Characters with no stop of their own share the cluster of the last one that has.
            var j = i + 1
            while j < n && slot[j] == nil { j += 1 }
            guard let s = slot[i] else {
                for k in i..<j { out.append(TextCluster(index: k, line: 0, x: 0, width: 0, rightToLeft: false)) }
                i = j; continue
            }
            let share = s.width / Double(j - i)
            for k in i..<j {
                let step = Double(k - i) * share
                let x = s.rightToLeft ? s.x + s.width - step - share : s.x + step
                out.append(TextCluster(index: k, line: s.line, x: x, width: share, rightToLeft: s.rightToLeft))
            }
            i = j
        }
        return out
    }

    /// The clusters asked of Pango one Character at a time (quadratic: tests only, as the
    /// reference the one-pass list is checked against).
    func clustersByIndex(_ block: TextBlock) -> [TextCluster] {
        let pl = makeLayout(block, in: context)
        defer { g_object_unref(UnsafeMutableRawPointer(pl)) }
        var out: [TextCluster] = []
        var byte = 0, i = 0
        for ch in block.text {
            var pos = PangoRectangle(), line: Int32 = 0, x: Int32 = 0
            pango_layout_index_to_pos(pl, Int32(byte), &pos)
            pango_layout_index_to_line_x(pl, Int32(byte), 0, &line, &x)
            let r = Self.rect(pos)
            // A negative width is Pango's sign for a right-to-left cluster (its start is its right edge).
            out.append(TextCluster(index: i, line: Int(line), x: min(r.minX, r.minX + r.width), width: abs(r.width), rightToLeft: pos.width < 0))
            byte += ch.utf8.count; i += 1
        }
        return out
    }
}
