/// The shortest edit script between two command lists (Myers' O((N+M)·D) greedy diff), for
/// finding what a frame changed when the changes are spread through the list: an advance changes
/// the console's position label near the start, the page and the previews in the middle and the
/// notes near the end, with the panels and clips between them unchanged.
enum CommandDiff {
    enum Step: Equatable {
        /// `old[i]` and `new[j]` are the same command.
        case keep(Int, Int)
        /// `old[i]` is gone.
        case delete(Int)
        /// `new[j]` is new.
        case insert(Int)
    }

    /// The steps turning `old` into `new`, in list order, or nil when more than `maxEdits`
    /// deletions and insertions are needed or the search would compare more than `maxWork`
    /// pairs (a map panned: every tile moved); the caller then treats everything as changed.
    /// Costs O((N+M)·D) comparisons at worst for D edits, O(N+M+D²) typically.
    static func steps<T: Equatable>(_ old: ArraySlice<T>, _ new: ArraySlice<T>, maxEdits: Int, maxWork: Int = 30_000) -> [Step]? {
        let a = Array(old), b = Array(new)
        let n = a.count, m = b.count
        let limit = min(n + m, maxEdits)
        let off = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // v's range -d…d as it was before step d, for walking back.
        var trace: [[Int]] = []
        var found: Int?
        var work = 0
        search: for d in 0...limit {
            trace.append(Array(v[(off - d - 1)...(off + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1; work += 1 }
                v[off + k] = x
                work += 1
                if work > maxWork { return nil }
                if x >= n, y >= m { found = d; break search }
            }
        }
        guard let dFound = found else { return nil }
        var out: [Step] = []
        out.reserveCapacity(n + m)
        var x = n, y = m
        for d in stride(from: dFound, through: 0, by: -1) {
            let t = trace[d], o = d + 1   // t[o + k] is v[k] before step d
            let k = x - y
            let prevK = k == -d || (k != d && t[o + k - 1] < t[o + k + 1]) ? k + 1 : k - 1
            let prevX = d == 0 ? 0 : t[o + prevK], prevY = d == 0 ? 0 : prevX - prevK
            while x > prevX, y > prevY { x -= 1; y -= 1; out.append(.keep(x + old.startIndex, y + new.startIndex)) }
            if d > 0 {
                if x == prevX { out.append(.insert(y - 1 + new.startIndex)) } else { out.append(.delete(x - 1 + old.startIndex)) }
            }
            x = prevX; y = prevY
        }
        return out.reversed()
    }
}
