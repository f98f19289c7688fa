import Foundation
import PodiumKit

/// The action sheets of the band-list scene: confirming Delete, and the activity button's
/// Share / Search the Web / Find Local Record Stores.
extension BandListScene {
    /// Asks in an action sheet pointing at the Delete button. Pressing Delete again while it is
    /// shown does nothing (the window ignores a second sheet from the same source).
    func confirmDelete(from button: View) {
        guard let b = model.selected, !isNewBand else { return }
        // A short fixed title: the sheet is sized for one line of it; the form shows the name.
        let sheet = ActionSheet(title: "Delete this band for good?", actions: [
            // The sheet can outlive what it asked about (Ctrl+N while it is shown puts a new
            // band in the form): it deletes only the band the form still shows.
            .init("Delete Band", style: .destructive) { [weak self] in
                guard let self else { return }
                guard self.detail.draft?.id == b.id else {
                    self.detail.say("Not deleted: the form no longer shows \(b.name).", error: true)
                    return
                }
                self.delete(id: b.id)
            },
        ])
        context.presentActionSheet(sheet, from: button, source: "bands.delete")
    }

    func showActions(from button: View) {
        guard let b = detail.draft ?? model.selected else { return }
        let query = (lookUpBand ?? b).name
        // The form shows another name than the one searched (typing not saved): the sheet says
        // which, so the speaker is not surprised by the results (or by `f` showing them). The
        // name is cut to keep the title on the sheet's one caption line (260 pt wide).
        let typed = b.name.trimmingCharacters(in: .whitespaces)
        let title = typed == query.trimmingCharacters(in: .whitespaces) ? nil : "Looks up “\(SafeText.excerpt(query, limit: 14))”, as saved"
        let sheet = ActionSheet(title: title, actions: [
            .init("Share") { [weak self] in self?.share(b) },
            .init("Search the Web") { [weak self] in self?.context.openScene(kind: "web-search", parameters: ["query": .string(query)]) },
            .init("Find Local Record Stores") { [weak self] in self?.context.openScene(kind: "map-search", parameters: ["query": .string(query)]) },
        ] + (isNewBand || isDirty ? [ActionSheet.Action(isNewBand ? "Discard New Band" : "Discard Unsaved Edits", style: .destructive) { [weak self] in self?.discardEdits() }] : []))
        context.presentActionSheet(sheet, from: button, source: "bands.actions")
    }

    /// The band Search the Web and Find Local Record Stores look up: the one the room sees, as
    /// saved, since the room is held on it during the look-up and `f` shows the results beside
    /// it (trial 19 m4: a name typed and not saved was searched while the room showed the saved
    /// band). A new band, which the room has not seen, by the name in the form.
    var lookUpBand: Band? { isNewBand ? detail.draft : model.selected }

    /// Puts the plain-text summary on the clipboard and saves it as
    /// `<data directory>/Shared/<name>.txt`, saying where.
    func share(_ b: Band) {
        context.setClipboard(b.summary)
        let dir = context.dataDirectory.appendingPathComponent("Shared")
        let file = dir.appendingPathComponent(Self.fileName(for: b.name) + ".txt")
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(b.summary.utf8).write(to: file, options: .atomic)
            detail.say("Copied to the clipboard and saved to \(file.path)", error: false)
        } catch {
            detail.say("Copied to the clipboard; could not save \(file.path): \((error as NSError).localizedDescription)", error: true)
        }
        context.setNeedsDisplay()
    }

    /// A file name from a band name: path separators and control characters become "-".
    static func fileName(for name: String) -> String {
        let s = String(name.map { $0 == "/" || $0 == "\\" || $0.isNewline || ($0.asciiValue.map { $0 < 32 } ?? false) ? "-" : $0 })
            .trimmingCharacters(in: .whitespaces)
        return s.isEmpty || s.hasPrefix(".") ? "band" + s : s
    }
}
