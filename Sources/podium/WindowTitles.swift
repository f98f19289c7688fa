/// The windows' titles name the deck; a reload that changes the deck's title renames them.
enum WindowTitles {
    static func presenter(_ deckTitle: String) -> String { "Podium Presenter — \(deckTitle)" }
    static func audience(_ deckTitle: String) -> String { "Podium Audience — \(deckTitle)" }
}
