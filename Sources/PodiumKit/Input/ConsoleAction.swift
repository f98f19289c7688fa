/// A named action of the talk: what a key does once the host has looked it up in the key map.
/// The raw values are the names used in key-map files (`podium present --keymap FILE`).
///
/// Scenes see keys as actions first (`Scene.handle(_:)`): a PDF scene with a page range steps
/// through its pages on `.next` whatever key the speaker's key map binds to it.
public enum ConsoleAction: String, CaseIterable, Sendable {
    /// One scene forward or back (each overlay of a slide counts), or to the first or the last
    /// scene (`End` stops at the planned end slide first). Default keys: Page Down/Right/Space…,
    /// Page Up/Left/Backspace…, Home, End.
    case next, previous, first, last
    /// F5: back to the first scene and the elapsed timer restarts (PowerPoint's "from beginning").
    /// While the talk runs it asks on the presenter screen first.
    case startFromBeginning
    /// Shift+F5: the elapsed timer starts now if it has not yet, on the current scene.
    case startFromCurrent
    /// Toggle the audience screen to black (`b`, `.`), to white (`w`), or frozen on what it shows
    /// now (`f`); the presenter screen goes on.
    case blackout, whiteout, freeze
    /// Esc when nothing else used it: closes the overview or help, else ends blackout/whiteout/freeze.
    case clear
    /// Pauses or resumes the elapsed-time timer (`t`, Pause).
    case pauseTimer
    /// Toggle the presenter's slide overview (Tab, `o`) and the key help (`?`, F1).
    case overview, help
    /// Make the presenter notes' font 2 points larger or smaller (Ctrl+=, Ctrl+-).
    case notesLarger, notesSmaller
    /// Reloads the deck and its files now (Ctrl+R).
    case reload
    /// Exchanges the presenter and audience displays; asks first while the talk runs.
    case swapDisplays
    /// Ends the presentation; asks first while the talk runs.
    case quit
    /// Ends the presentation at once, without asking (Ctrl+Q).
    case quitNow
    /// The first overlay of the next slide (a slide: consecutive PDF pages with one page label,
    /// as Beamer's `\pause` makes); `next` steps through overlays one page at a time.
    case nextSlide
    /// The first overlay of the previous slide.
    case previousSlide
    /// Plays or pauses the current scene's clip (a `media` scene); the host does nothing with it.
    /// Appended last: the cases above keep their order (API 2.x).
    case playPause
    /// Opens the presenter's "go to slide" prompt (`g`); typing digits opens it too. Return jumps
    /// to the slide with that number (as the position indicator counts), Esc cancels.
    /// Appended last (API 2.x).
    case goToPage
    /// Drawing on PDF pages (appended: the cases above keep their order, API 2.x). The pen, the
    /// highlighter and the eraser are tools of the presenter's current-slide view: each key
    /// toggles its tool; while a tool is on, a press on that view draws (or erases) instead of
    /// clicking. Scenes without a drawing layer ignore them.
    case penTool, highlighterTool, eraserTool
    /// Takes back the last stroke, erasure or clear on the current page.
    case undoDrawing
    /// Removes every stroke on the current page (undoable).
    case clearDrawing
    /// Dims the audience view except a circle around the pointer (toggle).
    case spotlight
    /// The next rectangle dragged on the presenter's page fills the audience view, re-rendered
    /// sharp; again (or Esc) returns to the whole page.
    case zoom

    /// One line for the `?` overlay.
    public var summary: String {
        switch self {
        case .next: "Next scene"
        case .previous: "Previous scene"
        case .first: "First scene"
        case .last: "Last scene"
        case .startFromBeginning: "Start from the beginning (timer restarts; asks while running)"
        case .startFromCurrent: "Start the timer on this scene"
        case .blackout: "Black out the audience (toggle)"
        case .whiteout: "White out the audience (toggle)"
        case .freeze: "Freeze the audience view (toggle)"
        case .clear: "Close overview/help, else audience back to normal"
        case .pauseTimer: "Pause / resume the elapsed timer"
        case .overview: "Overview of all scenes"
        case .help: "This list of keys"
        case .notesLarger: "Larger notes"
        case .notesSmaller: "Smaller notes"
        case .reload: "Reload the deck and its files"
        case .swapDisplays: "Swap presenter and audience displays (asks while running)"
        case .quit: "Quit (asks while running)"
        case .quitNow: "Quit at once"
        case .nextSlide: "Next slide (skips the rest of this slide's overlays)"
        case .previousSlide: "Previous slide (its first overlay)"
        case .playPause: "Play / pause the clip (media scenes)"
        case .goToPage: "Go to a slide by number (or type the digits), Return jumps"
        case .penTool: "Pen: draw on the page with the mouse (toggle; PDF)"
        case .highlighterTool: "Highlighter (toggle; PDF)"
        case .eraserTool: "Eraser: removes whole strokes it touches (toggle; PDF)"
        case .undoDrawing: "Undo the last drawing on this page"
        case .clearDrawing: "Clear this page's drawing (undoable)"
        case .spotlight: "Spotlight around the pointer (toggle; PDF)"
        case .zoom: "Zoom: drag a rectangle on the page; again or Esc returns (PDF)"
        }
    }

    /// Actions that would derail a running talk: from a key they ask on the presenter screen
    /// first (the control socket's requests stay immediate).
    public var asksWhileRunning: Bool { self == .startFromBeginning || self == .swapDisplays || self == .quit }
}
