import Foundation
import PodiumKit

/// The `band-list` scene. Presenter: a toolbar (Add, Save, Delete, Actions) over a split view,
/// the sectioned list on the left and the detail form on the right. Audience: the selected band
/// large as last saved, or every name when none is selected. The room sees committed data only:
/// typing, a band just added and a delete not yet confirmed stay on the presenter view. A band
/// added with + Add is a draft in the form (id 0) until Save stores it: no row exists before;
/// moved away from with typing in it, it is listed at the top as unsaved, for the speaker only.
final class BandListScene: Scene {
    let title = "Bands"
    let model: BandListModel
    let context: SceneContext
    let list = BandListView()
    let detail = BandDetailView()
    let split: SplitView
    let addButton = BarButtonItem("+ Add", id: "bands.add")
    let saveButton = BarButtonItem("Save", id: "bands.save")
    let deleteButton = BarButtonItem("Delete", id: "bands.delete")
    let actionsButton = BarButtonItem("Actions…", id: "bands.actions")
    let presenterView: View
    /// "Read-only" in the toolbar when the store cannot be written (see `BandStore.readOnlyReason`).
    let readOnlyNote = MessageLabel("", font: .system(13), color: Theme.standard.warning)
    let audience = BandAudienceView()
    var audienceView: View { audience }
    /// True while the form holds edits the store has not got yet.
    private(set) var isDirty = false
    /// Those edits on disk at every change, so a quit before Save loses no typing.
    var keptEdits: BandDraft
    private var keepFailed = false
    /// Unsaved edits of stored bands the speaker moved away from (a click on another band, + Add),
    /// by band id: moving on never saves; picking the band again brings them back to the form.
    /// Their rows say so (trial 34 m13: the speaker could not tell which bands still wait for
    /// Save or Discard).
    private(set) var parked: [Int64: Band] = [:] { didSet { if parked.keys != oldValue.keys { refreshList() } } }
    /// New bands with typing the speaker moved away from (a click on a band, + Add again), by a
    /// key below zero that is also their list row's id: shown at the top of the list as
    /// "unsaved", never in the store or the room; picking one brings it back to the form.
    private(set) var parkedNew: [Int64: Band] = [:]
    /// The key of the new band in the form (its row's id while it is parked).
    private var formNewKey: Int64 = -1
    /// True while the form holds a band added with + Add and not yet saved: it is not in the
    /// store, the list or the room (they keep the band selected before, `model.selected`).
    var isNewBand: Bool { detail.draft?.id == 0 }

    init(_ p: SceneParameters, context: SceneContext) throws {
        self.context = context
        let seed = BandListPlugin.seedURL(parameter: try p.string("seed"), deckDirectory: context.deckDirectory,
                                          assetsDirectory: context.assetsDirectory)
        let storeURL = BandStore.location(parameter: try p.string("store"), deckDirectory: context.deckDirectory,
                                          dataDirectory: context.dataDirectory)
        let clock = { ProcessInfo.processInfo.systemUptime }
        let t0 = clock()
        let store = try BandStore(path: storeURL.path, seed: { try BandJSON.load(seed) }, readOnly: try p.bool("readOnly") ?? false)
        keptEdits = BandDraft(storePath: storeURL.path)
        let t1 = clock()
        model = try BandListModel(store: store, collation: BandCollation(locale: try p.string("locale").map(Locale.init(identifier:))))
        context.log(String(format: "%d bands from %@: store opened and checked in %.0f ms, read and sorted (ICU locale %@) in %.0f ms",
                           model.index.count, storeURL.path, (t1 - t0) * 1000, model.index.collation.collationLocale, (clock() - t1) * 1000))

        list.id = "bands.list"
        list.backgroundColor = Theme.standard.surface
        split = SplitView(primary: list, secondary: detail, primaryTitle: "Bands", id: "bands.split")
        readOnlyNote.id = "bands.readOnly"
        if let why = store.readOnlyReason { readOnlyNote.text = "Read-only: \(why)" }
        let toolbar = Toolbar(items: [.button(addButton), .view(readOnlyNote, width: nil), .flexibleSpace,
                                      .button(saveButton), .button(deleteButton), .button(actionsButton)],
                              id: "bands.toolbar")
        let container = View(background: Theme.standard.background)
        container.addSubviews(toolbar.pinned(Pins(leading: 0, trailing: 0, top: 0, height: Toolbar.height)),
                              split.pinned(Pins(leading: 0, trailing: 0, top: Toolbar.height, bottom: 0)))
        presenterView = container

        list.onSelect = { [weak self] _, row in self?.userSelected(Int64(row.id)) }
        detail.onEdit = { [weak self] b in self?.isDirty = true; self?.updateButtons(); self?.keep(b) }
        detail.onImageFile = { [weak self] path in self?.setImage(path) }
        addButton.action = { [weak self] _ in self?.add() }
        saveButton.action = { [weak self] _ in self?.save() }
        detail.name.onCommit = { [weak self] _ in self?.saveFromName() }
        detail.notes.onCommit = { [weak self] _ in self?.save() }   // Ctrl+Return
        deleteButton.action = { [weak self] b in self?.confirmDelete(from: b) }
        actionsButton.action = { [weak self] b in self?.showActions(from: b) }

        refreshList()
        let select = try p.string("select")
        if let select, let b = model.band(named: select) { model.select(id: b.id) }
        showSelection()
        restoreKeptEdits(deckSelect: select)
        if let select, model.band(named: select) == nil, model.selected == nil, !isNewBand {
            // Renamed or deleted since the deck was written: the speaker is told, not left to
            // find out from the room's list of every name.
            detail.showMissingSelection(select)
            context.log("the deck's select names no band in \(storeURL.path): \(BandDetailView.quoted(select))")
        }
    }

    // MARK: Unsaved edits across a quit

    /// Writes the form's edits next to the store (`BandDraft`); a failure is logged once and
    /// the talk goes on (Save still works when the store can be written).
    private func keep(_ b: Band) { keepDrafts(form: b) }

    /// The form's edits when it has any.
    private var formDraft: Band? { isDirty ? detail.draft : nil }

    /// Writes every band with unsaved edits, the form's (`form`, nil when it has none) last.
    private func keepDrafts(form: Band?) {
        // Parked new bands keep their key as id in the file (below zero); the form's new band is 0.
        let news = parkedNew.sorted { $0.key > $1.key }.map { k, b in var b = b; b.id = k; return b }
        let others = news + parked.filter { $0.key != form?.id }.sorted { $0.key < $1.key }.map(\.value)
        do { try keptEdits.save(others + (form.map { [$0] } ?? [])) } catch {
            if !keepFailed { keepFailed = true; context.log("cannot keep unsaved band edits in \(keptEdits.file.path): \(error)") }
        }
    }

    /// Edits kept from before a quit come back in the form, still unsaved (the audience view
    /// shows the stored band until the speaker edits again or saves). `deckSelect`: the deck's
    /// `select`; with one, edits kept for another band (or for any, when it names no band) are
    /// parked for their band, not selected, so a draft left from a rehearsal never decides which
    /// band the room sees first (trial 19 m5: the room opened on Queen, the notes said "Start with
    /// Radiohead"; trial 34 F1: on a deleted `select`, the draft's band went on the projector).
    private func restoreKeptEdits(deckSelect: String?) {
        var (kept, damaged) = keptEdits.load()
        if let damaged {
            // Never lose what the speaker had: the file was moved aside (or left, and not written).
            let whereNow = damaged.keptAt.map { "kept as \($0.lastPathComponent)" } ?? "left in place; edits will not be kept until it is moved away"
            context.log("\(damaged.reason); \(damaged.keptAt.map { "kept as \($0.path)" } ?? whereNow)")
            context.tellSpeaker("Unsaved band edits: \(damaged.reason); \(whereNow). The form shows the stored band.")
        }
        for b in kept where b.id < 0 { var n = b; n.id = 0; parkedNew[b.id] = n }
        kept.removeAll { $0.id < 0 }
        formNewKey = nextNewKey()
        if !parkedNew.isEmpty { refreshList(); showSelectionInListOnly() }
        guard let d = kept.last else { return }
        for b in kept.dropLast() where b.id != 0 && b.id != d.id {
            if let stored = model.index.band(id: b.id), stored != b { parked[b.id] = b }
        }
        if d.id == 0 {
            showNewBand(d)
            isDirty = true
            updateButtons()
            detail.say("New band kept from earlier (a reload or quit), unsaved. Save adds it; Actions… › Discard New Band.", error: false)
            return
        }
        guard let stored = model.index.band(id: d.id), stored != d else { keepDrafts(form: nil); return }
        // No `select`: the draft's band is the form's and the room's.
        if deckSelect != nil, model.selectedID != d.id {
            parked[d.id] = d
            // The chosen band's own kept edits, if any, come to the form.
            let own = showParkedEdits() ? model.selected?.name : nil
            detail.say(own.map { "Unsaved edits to \($0) are back, and those to \(stored.name) from earlier are kept: pick it to go on with them." }
                ?? "Unsaved edits to \(stored.name) from earlier (a reload or quit) are kept, not saved: pick it to go on with them.", error: false)
            return
        }
        model.select(id: d.id)
        showSelection()
        detail.show(d)
        isDirty = true
        updateButtons()
        detail.say("Unsaved edits from earlier (a reload or quit) are back: Save keeps them; Actions… › Discard Unsaved Edits drops them.", error: false)
    }

    /// Drops the form's edits (or the unsaved new band): the form shows the stored band again.
    func discardEdits() {
        let wasNew = isNewBand
        if wasNew { formNewKey = nextNewKey() }
        isDirty = false
        keepDrafts(form: nil)
        showSelection()
        detail.say(wasNew ? "New band discarded." : "Unsaved edits discarded.", error: false, untilEdit: true)
    }

    // MARK: Showing

    /// The room saw no band (a resume or reload after a delete): none is selected, whatever the
    /// deck's `select` chose; a new band being typed stays in the form (review31: it was parked).
    private func showEveryName() {
        guard model.selectedID != nil else { return }
        guard isNewBand else { userSelected(nil); return }
        model.select(id: nil)
        showCommitted()
        updateButtons()
        context.setNeedsDisplay()
    }

    /// Puts the model's selection into the list, the form and the audience view.
    func showSelection() {
        let b = model.selected
        if let b, let ip = list.indexPath(ofRowID: String(b.id)) { list.selection = ip; list.revealSelection() } else { list.selection = nil }
        detail.show(b)
        isDirty = false
        showCommitted()
        updateButtons()
        context.setNeedsDisplay()
    }

    /// Puts an unsaved new band into the form; the list selects no row (the band has none) and
    /// the room keeps showing `model.selected`.
    private func showNewBand(_ b: Band) {
        list.selection = nil
        detail.show(b)
        isDirty = false
        updateButtons()
        context.setNeedsDisplay()
    }

    /// The audience view shows the selected band as stored, or every name.
    private func showCommitted() {
        if let b = model.selected { audience.show(b) } else { audience.showAll(model.index.bands) }
    }

    private func updateButtons() {
        let has = model.selected != nil, writable = !model.store.isReadOnly, new = isNewBand
        addButton.isEnabled = writable
        saveButton.isEnabled = (new || has && isDirty) && writable
        deleteButton.isEnabled = has && writable && !new   // Delete would hit the band behind the form
        actionsButton.isEnabled = has || new
    }

    // MARK: Editing

    /// A row picked in the list. Unsaved edits are never saved by it (the room would see them
    /// when the band is picked again): they are parked as that band's draft, kept on disk, and
    /// come back to the form when it is picked again. A new band with typing in it is parked
    /// the same way, as an "unsaved" row at the top of the list (only Save adds it to the
    /// store); one with nothing typed yet is simply left. A read-only store cannot take edits:
    /// moving on drops them (the form said so).
    private func userSelected(_ id: Int64?) {
        if let id, id < 0 { showParkedNewBand(id); return }
        guard id != model.selectedID || isNewBand else { return }
        let leftNew = parkFormNewBand()
        let left = isNewBand || model.store.isReadOnly ? nil : formDraft
        if let left { parked[left.id] = left }
        model.select(id: id)
        split.primaryDidChooseItem()
        showSelection()
        if !showParkedEdits() {
            if let leftNew { sayParkedNew(leftNew) } else if let left { sayParked(left) }
        }
        keepDrafts(form: formDraft)
    }

    /// Parks the form's new band when it has typing (returns it), under its key, and lists it.
    private func parkFormNewBand() -> Band? {
        guard isNewBand, isDirty, let b = detail.draft else { return nil }
        parkedNew[formNewKey] = b
        formNewKey = nextNewKey()
        refreshList()
        return b
    }

    /// A key for the next new band: below every parked one.
    private func nextNewKey() -> Int64 { min(parkedNew.keys.min() ?? 0, 0) - 1 }

    /// Brings the parked new band `key` back to the form, unsaved, parking what the form held
    /// (the room keeps the stored band it shows).
    private func showParkedNewBand(_ key: Int64) {
        guard let b = parkedNew[key] else { return }
        _ = parkFormNewBand()
        if !isNewBand, !model.store.isReadOnly, let left = formDraft { parked[left.id] = left }
        parkedNew[key] = nil
        formNewKey = key
        refreshList()
        showNewBand(b)
        isDirty = true
        updateButtons()
        split.primaryDidChooseItem()
        detail.say("Your new band is back, unsaved: Save adds it; Actions… › Discard New Band drops it.", error: false)
        keepDrafts(form: b)
        detail.name.becomeFocused()
    }

    private func sayParkedNew(_ b: Band) {
        detail.say("Your new band \(BandDetailView.quoted(Self.newBandTitle(b))) is kept, not saved: pick it at the top of the list to go on with it.", error: false)
    }

    /// The list's row title of a parked new band: its name, or "New band" before one is typed.
    static func newBandTitle(_ b: Band) -> String {
        b.name.trimmingCharacters(in: .whitespaces).isEmpty ? "New band" : b.name
    }

    /// The list: parked new bands first (section "+", as + Add; one letter fits the index), then
    /// the stored bands by letter, those with parked edits marked.
    private func refreshList() {
        let news = parkedNew.sorted { $0.key > $1.key }.map { k, b in
            ListRow(id: String(k), title: Self.newBandTitle(b), subtitle: "new, unsaved")
        }
        var stored = model.index.sections
        if !parked.isEmpty {
            for s in stored.indices {
                for r in stored[s].rows.indices where Int64(stored[s].rows[r].id).map({ parked[$0] != nil }) == true {
                    // First, so a narrow list's "…" never cuts it off.
                    stored[s].rows[r].subtitle = Self.parkedMark + (stored[s].rows[r].subtitle.map { " · " + $0 } ?? "")
                }
            }
        }
        list.sections = (news.isEmpty ? [] : [ListSection(title: "+", rows: news)]) + stored
    }

    /// The start of a stored band's row subtitle while edits to it are parked.
    static let parkedMark = "unsaved edits"

    /// Puts the selected band's parked edits into the form (unsaved; the room keeps the stored
    /// band). Returns false when it has none.
    private func showParkedEdits() -> Bool {
        guard let id = model.selectedID, let p = parked.removeValue(forKey: id), let stored = model.selected, stored != p else { return false }
        detail.show(p)
        isDirty = true
        updateButtons()
        detail.say("Unsaved edits to \(stored.name) are back: Save stores them; Actions… › Discard Unsaved Edits drops them.", error: false)
        return true
    }

    private func sayParked(_ b: Band) {
        let name = model.index.band(id: b.id)?.name ?? b.name
        detail.say("Your unsaved edits to \(name) are kept, not saved: pick it again to go on with them.", error: false)
    }

    private func showSelectionInListOnly() {
        list.selection = isNewBand ? nil : model.selectedID.flatMap { list.indexPath(ofRowID: String($0)) }
    }

    /// Writes the form's band to the store (a new band is inserted and selected) and shows it
    /// to the room. Returns false (and shows the reason) when the store refused it.
    private func commit(_ draft: Band) -> Bool {
        do {
            let stored = draft.id == 0 ? try model.add(draft) : try model.save(draft)
            if draft.id == 0 { detail.didStore(id: stored.id) }
            // The image is the store's copy now (`BandStore.keepingImage`): the form names it.
            if stored.imagePath != draft.imagePath { detail.didStore(imagePath: stored.imagePath) }
        } catch let e as BandStore.Error where e.path.hasPrefix("/") {
            // The message line has two lines: the store by its file name, the whole path in the log.
            context.log("not saved: \(e)")
            detail.say("Not saved: \((e.path as NSString).lastPathComponent): \(e.message)", error: true)
            return false
        } catch {
            detail.say("Not saved: \(error)", error: true)
            return false
        }
        let stored = draft.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if stored != draft.name { detail.didStore(name: stored) }
        isDirty = false
        parked[draft.id] = nil
        if draft.id == 0 { formNewKey = nextNewKey() }
        keepDrafts(form: nil)
        showCommitted()
        refreshList()
        showSelectionInListOnly()
        list.revealSelection()
        updateButtons()
        context.setNeedsDisplay()
        return true
    }

    /// Save: commits the form to the store at once, and only now shows it to the room. A new
    /// band is inserted here and nowhere else (with no name typed, the store's "name required"
    /// refuses it and nothing is stored).
    func save() {
        guard let draft = detail.draft, isDirty || draft.id == 0 else { return }
        if model.store.isReadOnly { detail.say("Not saved: the band store \(model.store.readOnlyMessage).", error: true); return }
        if commit(draft) { detail.say("Saved.", error: false, untilEdit: true) }
    }

    /// Return in the name: Save. Not saved (a name is required, the store refused it): the field
    /// gives up the focus after Return, so it takes it back once that is done, and the speaker's
    /// next letters go on into the name instead of being held by the typing guard.
    private func saveFromName() {
        save()
        guard isDirty || isNewBand else { return }
        _ = context.schedule(afterMilliseconds: 0, repeats: false) { [weak self] in
            guard let self, self.isDirty || self.isNewBand else { return }
            self.detail.name.becomeFocused()
        }
    }

    /// Add (+): puts a new band in the form, unsaved (no row in the store, the list or the room
    /// until Save), and focuses its empty name (the field's "Band name" placeholder shows): + Add
    /// then Return or Save with nothing typed stores nothing and says the name is required.
    /// A new band already in the form with typing is parked first (see `userSelected`); one
    /// with nothing typed is the new band asked for: its name gets the focus.
    func add() {
        guard !model.store.isReadOnly else { detail.say("Not added: the band store \(model.store.readOnlyMessage).", error: true); return }
        if isNewBand && !isDirty { detail.name.becomeFocused(); return }
        let leftNew = parkFormNewBand()
        let left = isNewBand ? nil : formDraft   // parked, never saved: see `userSelected`
        if let left { parked[left.id] = left }
        showNewBand(Band(name: ""))
        if let leftNew { sayParkedNew(leftNew) } else if let left { sayParked(left) }
        if leftNew != nil || left != nil { keepDrafts(form: nil) }
        detail.name.becomeFocused()
    }

    /// Deletes band `id` (the selected one, confirmed in the sheet): no band is selected after
    /// it, and the room sees every name until the speaker picks one (`BandListModel.delete`).
    func delete(id: Int64) {
        let name = model.index.band(id: id)?.name
        do { try model.delete(id: id) } catch { detail.say("Not deleted: \(error)", error: true); return }
        parked[id] = nil
        if detail.draft?.id == id { isDirty = false }
        refreshList()
        showSelection()
        if model.selected == nil, let name { detail.showDeleted(name) }
        _ = showParkedEdits()
        keepDrafts(form: formDraft)
    }

    func setImage(_ path: String) {
        guard detail.draft != nil else { return }
        do {
            let p = try BandImageFile.check(path, relativeTo: context.deckDirectory)
            detail.setImagePath(p)
            detail.say("Image set. Save to keep it.", error: false)
        } catch {
            detail.say("\(error)", error: true)
        }
    }

    // MARK: Scene

    /// Leaving keeps unsaved edits in the form (and in the draft beside the store), unsaved: the
    /// clicker moving on is not the speaker saying "save", and saving here would show the room
    /// the typing when the talk comes back to this scene.
    func willResignCurrent() {}

    /// Coming back to the scene picks up edits made meanwhile by another process (a second
    /// Podium, `podium bands import`): the list always; the form only when it holds no unsaved
    /// edits or new band (those are kept as they are, and the form says they are still there).
    func didBecomeCurrent() {
        // A path typed or dropped there and refused (trial 14 F5: "/etc/passwd" stayed) is not
        // the band's image: the field shows the form's image again.
        detail.imagePath.text = detail.draft?.imagePath ?? ""
        // The first time, the form's message is the one `init` left (edits kept from a quit).
        if wasCurrent { sayUnsavedEditsAreBack() }
        wasCurrent = true
        do {
            guard try model.reloadIfChangedElsewhere() else { return }
            refreshList()
            if isDirty || isNewBand { showSelectionInListOnly() } else { showSelection() }
        } catch {
            detail.say("Could not re-read the store: \(error)", error: true)
        }
    }

    /// The scene has been shown before (`didBecomeCurrent`): showing it again is coming back.
    private var wasCurrent = false

    /// The form holds unsaved edits or a new band from before the scene was left: it says so,
    /// as after a quit (trial 16 m4: they sat under the "Saved." of an earlier Save).
    private func sayUnsavedEditsAreBack() {
        if isNewBand, isDirty {
            detail.say("Your new band is still here, unsaved: Save adds it; Actions… › Discard New Band drops it.", error: false)
        } else if isDirty, let stored = model.selected {
            detail.say("Unsaved edits to \(stored.name) are still here: Save stores them; Actions… › Discard Unsaved Edits drops them.", error: false)
        }
    }

    /// Ctrl+S saves and Ctrl+N adds, wherever the focus is in the form.
    func handleUnhandledKey(_ key: Key) -> Bool {
        guard key.control, !key.alt, !key.shift else { return false }
        if key.code == .character("s") { save(); return true }
        if key.code == .character("n") { add(); return true }
        return false
    }

    func receive(_ parameters: SceneParameters) {
        // A resume of a room that saw every name (`position`): no band, whatever `init` chose.
        if parameters.values["select"] == .null { showEveryName(); return }
        if let name = try? parameters.string("select"), let b = model.band(named: name) { userSelected(b.id) }
    }
}

/// The band the room sees is the scene's place: a resume after a crash shows it again (through
/// `receive`'s `select`), not the deck's first selection; `select: null` when the room saw every
/// name (trial 34 F1: after a delete, the restart showed the deck's band). A reload hands the selection over
/// through `SceneStateCarrying` instead, which lets a changed `select` win.
extension BandListScene: ScenePositionKeeping {
    var position: [String: JSONValue] { ["select": audience.shown.map { .string($0.name) } ?? .null] }
}

/// A reload that remakes the scene (a co-author's edit of its parameters) keeps the speaker's
/// selection (trial 12 F9), unless the deck changed `select` (its new word) or `store` (another
/// catalogue, other ids). Unsaved edits need nothing here: they are on disk beside the store at
/// every change (`BandDraft`), and the scene made again brings them back as after a quit:
/// parked when they belong to another band than the deck's `select`, and shown again here when
/// the carried selection is theirs.
extension BandListScene: SceneStateCarrying {
    /// `selected: null`: the room saw every name (after a delete), which the scene made again
    /// keeps, unless the deck changed `select` (review31: the position did it, over a new `select`).
    func carriedState() -> JSONValue {
        ["selected": model.selectedID.map { .number(Double($0)) } ?? .null]
    }

    func adoptCarriedState(_ state: JSONValue, changedParameters changed: Set<String>) {
        guard changed.isDisjoint(with: ["select", "store"]) else { return }
        if state["selected"] == .null { showEveryName(); return }
        guard !isNewBand,
              let n = state["selected"]?.number, let id = Int64(exactly: n), model.index.band(id: id) != nil, id != model.selectedID else { return }
        // As a pick in the list: the deck's band's edits in the form (if any) are parked again,
        // and the speaker's band's own, parked at the remake, come back (`restoreKeptEdits`).
        userSelected(id)
    }
}
