import PodiumKit

/// A scene's parameter names checked against the names its kind declares
/// (`SceneKind.parameterNames`): a misspelt key is an error naming the closest known one.
extension PluginRegistry {
    /// Every unknown name (sorted), e.g. `scenes[2].parameters.headng: unknown parameter of a
    /// "title" scene; did you mean "heading"? (known: heading, subtitle, background)`. Kinds that
    /// declare no names have none.
    static func unknownNames(_ p: SceneParameters, of kind: SceneKind) -> [SceneParameterError] {
        guard let known = kind.parameterNames else { return [] }
        return p.values.keys.sorted().filter { !known.contains($0) }.map { key in
            let guess = NameSuggestion.didYouMean(key, among: known)
            // "an" before a vowel sound as written: an "example" scene, a "title" scene.
            let article = kind.name.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
            return SceneParameterError(path: "\(p.path).\(SafeText.escape(String(key.prefix(80))))",
                                       message: "unknown parameter of \(article) \(SafeText.quote(kind.name)) scene\(guess) (known: \(known.joined(separator: ", ")))")
        }
    }

    /// A scene's parameters checked by name and by its kind's `validate`, every problem at once
    /// (a misspelt name and a wrong type in one run). Throws `SceneParameterError`, the first
    /// problem with the others in `more`.
    static func validateAll(_ p: SceneParameters, of kind: SceneKind) throws {
        let problems = unknownNames(p, of: kind) + p.collectingProblems { try kind.validate($0) }
        guard var first = problems.first else { return }
        first.more = Array(problems.dropFirst())
        throw first
    }
}
