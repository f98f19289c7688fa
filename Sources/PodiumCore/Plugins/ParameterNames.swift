import PodiumKit

/// A scene's parameter names checked against the names its kind declares
/// (`SceneKind.parameterNames`): a misspelt key is an error naming the closest known one.
extension PluginRegistry {
    /// Throws `SceneParameterError` at the first unknown name (sorted), e.g.
    /// `scenes[2].parameters.headng: unknown parameter of a "title" scene; did you mean "heading"?
    /// (known: heading, subtitle, background)`. Kinds that declare no names pass.
    static func checkNames(_ p: SceneParameters, of kind: SceneKind) throws {
        guard let known = kind.parameterNames else { return }
        for key in p.values.keys.sorted() where !known.contains(key) {
            let near = known.min { distance(key, $0) < distance(key, $1) }
            let guess = near.map { "; did you mean \(SafeText.quote($0))?" } ?? ""
            throw SceneParameterError(path: "\(p.path).\(SafeText.escape(String(key.prefix(80))))",
                                      message: "unknown parameter of a \(SafeText.quote(kind.name)) scene\(guess) (known: \(known.joined(separator: ", ")))")
        }
    }

    /// Levenshtein distance over characters, case-insensitive (`Heading` is one step from nothing).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) }
        var row = Array(0...y.count)
        for i in 1...x.count {
            var prev = row[0]; row[0] = i
            for j in 1...y.count {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (x[i - 1] == y[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[y.count]
    }
}
