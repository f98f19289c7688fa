import Glibc

extension String {
    /// `format` filled in by C's `vsnprintf` (numbers and C strings: `%d %x %02d %.1f %016llx
    /// %s`…; no `%@`), as `String(format:)` did without FoundationEssentials: Podium never calls
    /// `setlocale`, so the decimal point is always ".".
    public init(cFormat format: String, _ arguments: CVarArg...) {
        self = withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 256)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            if needed < buffer.count { return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            return withVaList(arguments) { again in
                buffer = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }
}
