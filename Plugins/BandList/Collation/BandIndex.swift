import Foundation
import PodiumKit

/// The catalogue in display order: bands grouped by section letter and sorted by a
/// `BandCollation`, kept sorted as bands are added, renamed and deleted (a binary-search insert,
/// so an edit in a 10,000-band list does a dozen ICU comparisons, not a full sort).
public final class BandIndex {
    public struct Entry: Equatable {
        public var band: Band
        public var section: String
        var key: [UInt8]
    }
    public let collation: BandCollation
    public private(set) var entries: [Entry] = []

    public init(_ bands: [Band], collation: BandCollation) {
        self.collation = collation
        replaceAll(with: bands)
    }

    /// Sorts `bands` from scratch in place of the current entries.
    public func replaceAll(with bands: [Band]) {
        let made = bands.map(entry)
        collation.cacheOrder(of: Set(made.map(\.section)))
        entries = made.sorted(by: precedes)
    }

    public var bands: [Band] { entries.map(\.band) }
    public var count: Int { entries.count }
    public func band(id: Int64) -> Band? { entries.first { $0.band.id == id }?.band }

    /// Adds `band`, or moves it to its new place when a band with its id is present.
    public func upsert(_ band: Band) {
        remove(id: band.id)
        let e = entry(band)
        if !entries.contains(where: { $0.section == e.section }) {
            collation.cacheOrder(of: Set(entries.map(\.section)).union([e.section]))
        }
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if precedes(entries[mid], e) { lo = mid + 1 } else { hi = mid }
        }
        entries.insert(e, at: lo)
    }

    public func remove(id: Int64) { entries.removeAll { $0.band.id == id } }

    /// List sections for a `ListView`: one per letter, row ids are band ids.
    public var sections: [ListSection] {
        var out: [ListSection] = []
        for e in entries {
            let b = e.band
            // Rating in the subtitle rather than as an accessory, so names keep the row's width
            // when the split view's primary column is narrow.
            let row = ListRow(id: String(b.id), title: b.name, subtitle: "\(b.touringStatus.rawValue) · \(b.rating)/10")
            if out.last?.title == e.section { out[out.count - 1].rows.append(row) } else { out.append(ListSection(title: e.section, rows: [row])) }
        }
        return out
    }

    private func entry(_ b: Band) -> Entry {
        Entry(band: b, section: collation.section(for: b.name), key: collation.sortKey(for: b.name))
    }

    private func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.section != b.section { return collation.labelPrecedes(a.section, b.section) }
        let n = min(a.key.count, b.key.count)
        let c = n == 0 ? 0 : a.key.withUnsafeBufferPointer { x in b.key.withUnsafeBufferPointer { y in memcmp(x.baseAddress!, y.baseAddress!, n) } }
        if c != 0 { return c < 0 }
        return a.key.count != b.key.count ? a.key.count < b.key.count : a.band.id < b.band.id
    }
}
