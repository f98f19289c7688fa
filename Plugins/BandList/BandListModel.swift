import Foundation

/// The band list's state without any views: the store, the sorted index, the selection and the
/// band being edited. Every change goes to the store first; the index and observers follow
/// only when the store accepted it.
public final class BandListModel {
    public let store: BandStore
    public let index: BandIndex
    public private(set) var selectedID: Int64?

    private var seenVersion: Int64

    public init(store: BandStore, collation: BandCollation) throws {
        self.store = store
        index = BandIndex(try store.all(), collation: collation)
        seenVersion = try store.dataVersion()
    }

    /// Re-reads the catalogue when another process has changed the store since we last looked;
    /// the selection is kept when its band still exists. Returns true when it re-read.
    @discardableResult
    public func reloadIfChangedElsewhere() throws -> Bool {
        let v = try store.dataVersion()
        guard v != seenVersion else { return false }
        seenVersion = v
        index.replaceAll(with: try store.all())
        if let id = selectedID, index.band(id: id) == nil { selectedID = nil }
        return true
    }

    public var selected: Band? { selectedID.flatMap(index.band(id:)) }

    public func select(id: Int64?) {
        selectedID = id.flatMap { index.band(id: $0) != nil ? $0 : nil }
    }

    /// The first band with exactly this name (deck `select`, `receive`).
    public func band(named name: String) -> Band? { index.entries.first { $0.band.name == name }?.band }

    /// Stores a new band named `name` and selects it.
    @discardableResult
    public func add(name: String = "New Band") throws -> Band { try add(Band(name: name)) }

    /// Stores `band` as a new row (its `id` is ignored) and selects it; returns it with its
    /// new id. Throws `Band.ValidationError` or `BandStore.Error`; on error nothing changes.
    @discardableResult
    public func add(_ band: Band) throws -> Band {
        let b = try store.insert(try named(band))
        index.upsert(b)
        selectedID = b.id
        return b
    }

    /// Saves every field of `band` (matched by id) and returns it as stored (name trimmed, image
    /// the store's copy). Throws `Band.ValidationError` or `BandStore.Error`; on error nothing changes.
    @discardableResult
    public func save(_ band: Band) throws -> Band {
        let b = try store.update(try named(band))
        index.upsert(b)
        return b
    }

    /// `band` with its name trimmed (trial 14 F4: "   radiohead" was stored indented, in the
    /// list and the room). Throws `Band.ValidationError` for "name" when another band already
    /// has that name but for case and spacing ("radiohead" beside "Radiohead": a deck's
    /// `select` could no longer tell them apart); the band itself in other case is fine.
    func named(_ band: Band) throws -> Band {
        try Self.named(band, in: "list") { key in
            index.entries.first { $0.band.id != band.id && Self.sameNameKey($0.band.name) == key }.map { "“\($0.band.name)”" }
        }
    }

    /// The name rule itself, for the form and for `podium bands import` alike: `band` with its
    /// name trimmed; throws `Band.ValidationError` for "name" when `other` knows another band of
    /// the same `sameNameKey` (it returns how to name that band, e.g. `“Radiohead”`) in `place`
    /// ("list", "file").
    static func named(_ band: Band, in place: String, other: (String) -> String?) throws -> Band {
        var b = band
        b.name = band.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let key = sameNameKey(b.name)
        if !key.isEmpty, let other = other(key) {
            throw Band.ValidationError(field: "name", message: "\(other) is already in the \(place) (names differing only in case or spaces are the same band)")
        }
        return b
    }

    /// What two names that are the same band share: lower case, runs of spaces as one, no
    /// spaces at the ends.
    static func sameNameKey(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Deletes the band; when it was the selected one, nothing is selected afterwards. The
    /// selection is what the room sees: moving it to a neighbour would put on the projector a
    /// band the speaker never picked (trial 21 m12), so the room sees every name until they pick one.
    public func delete(id: Int64) throws {
        try store.delete(id: id)
        index.remove(id: id)
        if selectedID == id { selectedID = nil }
    }
}
