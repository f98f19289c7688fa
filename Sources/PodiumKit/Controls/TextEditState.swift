/// Editable text with an insertion point and a selection — the model behind `TextField` and
/// `TextView`, pure so editing rules are unit-tested without a window.
///
/// Positions count `Character`s (extended grapheme clusters), not bytes or scalars, so a
/// multi-byte UTF-8 letter, an emoji or a letter with a combining accent moves and deletes as one.
public struct TextEditState: Equatable, Sendable {
    /// The text as grapheme clusters; positions index this array.
    public private(set) var characters: [Character]
    /// The insertion point, `0...characters.count`.
    public private(set) var cursor: Int
    /// The fixed end of the selection; equal to `cursor` when nothing is selected.
    public private(set) var anchor: Int
    /// When false, newlines in inserted text become spaces (single-line fields).
    public var allowsNewlines: Bool

    /// Editable `text` with the cursor at its end; unless `allowsNewlines`, its newlines become
    /// spaces.
    public init(_ text: String = "", allowsNewlines: Bool = false) {
        self.allowsNewlines = allowsNewlines
        characters = Array(allowsNewlines ? text : Self.flatten(text))
        cursor = characters.count; anchor = cursor
    }

    /// The whole text as a `String`.
    public var text: String { String(characters) }
    /// Length in `Character`s (grapheme clusters), the largest cursor position.
    public var count: Int { characters.count }
    /// The selection between ``TextEditState/anchor`` and ``TextEditState/cursor``, lower bound
    /// first; empty when nothing is selected.
    public var selectedRange: Range<Int> { min(cursor, anchor)..<max(cursor, anchor) }
    /// True when the selection is not empty.
    public var hasSelection: Bool { cursor != anchor }
    /// The selected characters; "" when nothing is selected.
    public var selectedText: String { String(characters[selectedRange]) }

    /// Replaces the whole text; the cursor goes to the end.
    public mutating func setText(_ s: String) {
        characters = Array(allowsNewlines ? s : Self.flatten(s))
        cursor = characters.count; anchor = cursor
    }

    /// Types `s` over the selection (or at the cursor).
    public mutating func insert(_ s: String) {
        let new = Array(allowsNewlines ? s : Self.flatten(s))
        let r = selectedRange
        characters.replaceSubrange(r, with: new)
        cursor = r.lowerBound + new.count; anchor = cursor
    }

    /// Backspace: deletes the selection, else the character before the cursor.
    public mutating func deleteBackward() {
        if hasSelection { insert(""); return }
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1; anchor = cursor
    }

    /// Delete: deletes the selection, else the character after the cursor.
    public mutating func deleteForward() {
        if hasSelection { insert(""); return }
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Moves the cursor to `i` (clamped); `extend` keeps the anchor, growing the selection.
    public mutating func move(to i: Int, extend: Bool = false) {
        cursor = max(0, min(characters.count, i))
        if !extend { anchor = cursor }
    }

    /// Left/Right: one character, or collapses a selection to its near edge (as every text
    /// editor does) when not extending.
    public mutating func moveLeft(extend: Bool) {
        if hasSelection && !extend { move(to: selectedRange.lowerBound) } else { move(to: cursor - 1, extend: extend) }
    }
    /// Right arrow: see ``TextEditState/moveLeft(extend:)``, towards the end.
    public mutating func moveRight(extend: Bool) {
        if hasSelection && !extend { move(to: selectedRange.upperBound) } else { move(to: cursor + 1, extend: extend) }
    }

    /// Selects the whole text, cursor at the end (Ctrl+A).
    public mutating func selectAll() { anchor = 0; cursor = characters.count }

    /// Selects `r` (clamped), cursor at its end.
    public mutating func select(_ r: Range<Int>) {
        anchor = max(0, min(characters.count, r.lowerBound)); cursor = max(anchor, min(characters.count, r.upperBound))
    }

    /// The word (letters and digits) around `i`, for double-click selection.
    public func wordRange(at i: Int) -> Range<Int> {
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var lo = max(0, min(i, characters.count)), hi = lo
        while lo > 0 && isWord(characters[lo - 1]) { lo -= 1 }
        while hi < characters.count && isWord(characters[hi]) { hi += 1 }
        return lo..<hi
    }

    /// Start of the line (after the previous newline) holding position `i`.
    public func lineStart(_ i: Int) -> Int {
        var j = min(i, characters.count)
        while j > 0 && characters[j - 1] != "\n" { j -= 1 }
        return j
    }
    /// End of the line (before the next newline) holding position `i`.
    public func lineEnd(_ i: Int) -> Int {
        var j = max(0, i)
        while j < characters.count && characters[j] != "\n" { j += 1 }
        return j
    }

    static func flatten(_ s: String) -> String {
        String(s.map { $0.isNewline ? " " : $0 })
    }
}
