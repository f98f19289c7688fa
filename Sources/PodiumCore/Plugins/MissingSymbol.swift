import FoundationEssentials
import Glibc

/// What a plugin library's undefined PodiumKit symbol (dlopen's "undefined symbol: $s9PodiumKit…")
/// tells its author. Usually the library was built against another PodiumKit than its manifest
/// claims; but a library built against this very PodiumKit misses one too when a subclass's
/// initializer calls a PodiumKit convenience initializer through `super.init` (trial 22 F4:
/// `super.init(background:)` in a `View` subclass compiled, and the message said to rebuild,
/// which cannot help): only the allocating entry of a convenience initializer is public, not
/// the initializing one (mangled `…fc`) such a call needs.
enum MissingSymbol {
    /// The refusal's reason for `dlerror`'s text, for a host of API `host` and a manifest saying
    /// `manifestAPI`; nil when it names no PodiumKit symbol.
    static func explain(_ dlerror: String, host: String, manifestAPI: String) -> String? {
        guard let r = dlerror.firstRange(of: "undefined symbol: $s9PodiumKit") else { return nil }
        let symbol = String(dlerror[dlerror.index(r.lowerBound, offsetBy: "undefined symbol: ".count)...].prefix { !$0.isWhitespace && $0 != ")" && $0 != "," })
        let name = demangled(symbol)
        if symbol.hasSuffix("fc"), let name {
            // "PodiumKit.View.init(id: Swift.String?, background: PodiumKit.Color) -> PodiumKit.View" → "View.init(id: String?, background: Color)"
            let initializer = optionalsShort(String(name.split(separator: " -> ").first ?? Substring(name)).replacing("PodiumKit.", with: "").replacing("Swift.", with: ""))
            return "cannot load: it calls PodiumKit's convenience initializer \(initializer) through super.init, which a subclass cannot do: PodiumKit does not export it for that (undefined symbol \(symbol)); call the designated super.init() and set the properties instead (docs/WritingPlugins.md)"
        }
        return "cannot load: built against another PodiumKit API than this host's \(host), although plugin.json says \(manifestAPI): rebuild the plugin against PodiumKit \(host) (\(dlerror)\(name.map { "; \($0)" } ?? ""))"
    }

    /// "Optional<String>" written "String?", as the author wrote it (no nested generics inside).
    static func optionalsShort(_ s: String) -> String {
        var out = s
        while let r = out.firstRange(of: "Optional<"), let close = out[r.upperBound...].firstIndex(of: ">") {
            out.replaceSubrange(r.lowerBound...close, with: out[r.upperBound..<close] + "?")
        }
        return out
    }

    /// The Swift runtime's demangling of `symbol`, or nil.
    static func demangled(_ symbol: String) -> String? {
        guard let p = symbol.withCString({ swiftDemangle($0, strlen($0), nil, nil, 0) }) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}

@_silgen_name("swift_demangle")
private func swiftDemangle(_ mangled: UnsafePointer<CChar>, _ length: Int, _ output: UnsafeMutablePointer<CChar>?,
                           _ outputSize: UnsafeMutablePointer<Int>?, _ flags: UInt32) -> UnsafeMutablePointer<CChar>?
