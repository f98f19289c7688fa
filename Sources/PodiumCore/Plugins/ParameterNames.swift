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
            let guess = NameSuggestion.didYouMean(key, among: known)
            throw SceneParameterError(path: "\(p.path).\(SafeText.escape(String(key.prefix(80))))",
                                      message: "unknown parameter of a \(SafeText.quote(kind.name)) scene\(guess) (known: \(known.joined(separator: ", ")))")
        }
    }
}
