/// How a reload's place is said: in the log and, when not found for certain, to the speaker.
extension ReloadPosition.Found {
    /// How the place was found, as the log says it (trial 19 F3: it said "by content" after
    /// falling back to the page label; trial 20 m6: "by label" for a scene removed).
    public var logWords: String {
        switch self {
        case .content: return "by content"
        case .neighbours: return "by its neighbours (the scene changed; the unchanged ones around it leave it one place)"
        case .guess: return "on a guess (the scene changed; the place between its unchanged neighbours sharing most of its words)"
        case .label: return "by label (the scene's kind and title)"
        case .notFound: return "nowhere: the scene is not in the new version (removed, or retitled past recognition); the room keeps its picture until the speaker moves (the console on the scene now at its index; frozen or in a look-up, that scene)"
        }
    }

    /// What the speaker is told of a place not found for certain, nil otherwise: a scene placed
    /// on a guess by its words, a PDF page by its label (Beamer's labels shift when a frame is
    /// inserted), a scene gone from the new version (trial 20 m6: the room moved on, said only as
    /// "Reloaded demo.json"; trial 21 M1: the room now keeps its picture of it until the speaker
    /// moves, `ReloadRemovedScene.swift`). `was`: the title of the scene on screen before (the
    /// removed scene the room holds); `now`: with `held`, the scene next goes to, else the scene
    /// the console is on; `file`: the deck file's name; `hadContent`: the scene was a PDF page.
    public func speakerWords(was: String?, now: String?, file: String, hadContent: Bool, held: Bool = false) -> String? {
        switch self {
        case .guess: return "the edited slide's place is a guess by its words: check it"
        case .label where hadContent: return "the slide on screen was not found in the new version (edited or cut): placed by its label, check it"
        case .notFound where hadContent: return "the slide on screen was not found in the new version (edited or cut): the console is on the page at its number, check it"
        case .notFound:
            let gone = "\(was.map { "“\($0)” is" } ?? "the scene on screen is") not in \(file) any more"
            // Frozen or during a look-up the room sees another picture: nothing is held.
            guard held else { return gone + (now.map { ": the console is on “\($0)”" } ?? "") }
            return gone + ": the room keeps its picture until you move" + (now.map { "; next: “\($0)”" } ?? "")
        default: return nil
        }
    }
}
