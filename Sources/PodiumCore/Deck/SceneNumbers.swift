import FoundationEssentials
import Glibc

/// Scene numbers as the speaker sees them. A deck's JSON paths count from 0 (`scenes[2]`), the
/// console from 1 ("3 / 6"): a message naming only `scenes[2]` reads as the wrong scene.
public enum SceneNumbers {
    /// `text` with " (scene N+1)" at the end of each line whose JSON path starts at `scenes[N]`:
    /// "deck.json: scenes[2].parameters.zoom: expected number" → "… expected number (scene 3)".
    /// The path stays as it is (it is what to look for in the file); a line already naming its
    /// scene is left alone.
    public static func spelled(_ text: String) -> String {
        guard text.contains("scenes[") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !line.contains("(scene "), let r = line.firstRange(of: #/scenes\[[0-9]+\]/#),
                  let n = Int(line[r].dropFirst("scenes[".count).dropLast()) else { return String(line) }
            return line + " (scene \(n + 1))"
        }.joined(separator: "\n")
    }
}
