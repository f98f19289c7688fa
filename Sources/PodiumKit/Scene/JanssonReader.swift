import FoundationEssentials
internal import CJansson

/// `JSONValue.parse` on jansson: the text is parsed by the library, then copied into `JSONValue`.
enum JanssonReader {
    static func parse(_ data: Data) throws -> JSONValue {
        // A byte-order mark (editors on Windows write one) is not part of the JSON text.
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return try parse(data.dropFirst(3)) }
        if let e = nulByte(in: data) { throw e }
        var error = json_error_t()
        // Duplicate keys refused (Foundation keeps one silently); any value at the top; "\u0000"
        // allowed inside strings, as JSON allows it; every number a double, as JSONValue keeps them.
        let flags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL)
        let root = data.withUnsafeBytes { raw -> UnsafeMutablePointer<json_t>? in
            var empty: CChar = 0
            let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) ?? withUnsafeMutablePointer(to: &empty) { UnsafePointer($0) }
            return json_loadb(base, raw.count, flags, &error)
        }
        guard let root else { throw JSONValue.ParseError(message: message(error)) }
        defer { json_decref(root) }
        return value(root)
    }

    /// A NUL byte is never in JSON text (outside a string it is no token, inside one it is
    /// written `\u0000`), and jansson takes it for the end of the text: a file of NUL bytes was
    /// "line 1, column 1: invalid token near end of file" (trial 13 F11). Says where the first
    /// one is (line and column in characters, 1-based; byte offset from 0) and what the file
    /// likely is: UTF-16 text (every other byte 0 in ASCII), else binary.
    static func nulByte(in data: Data) -> JSONValue.ParseError? {
        guard let k = data.firstIndex(of: 0) else { return nil }
        let before = data[data.startIndex..<k]
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? data.startIndex
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = String(decoding: data[lineStart..<k], as: UTF8.self).count + 1
        let what = JSONValue.looksLikeUTF16(data) ? "the file looks like UTF-16 text: save it as UTF-8" : "a binary file, not text"
        return JSONValue.ParseError(message: "line \(line), column \(column) (byte \(k - data.startIndex)): a NUL byte, which JSON text never has: \(what)")
    }

    /// `line L, column C: text`, from jansson's error (its text is at most 160 bytes).
    static func message(_ e: json_error_t) -> String {
        var e = e
        let text = withUnsafeBytes(of: &e.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return e.line > 0 ? "line \(e.line), column \(max(1, e.column)): \(text)" : text
    }

    static func value(_ j: UnsafeMutablePointer<json_t>) -> JSONValue {
        switch j.pointee.type {
        case JSON_OBJECT:
            var object: [String: JSONValue] = [:]
            object.reserveCapacity(json_object_size(j))
            var it = json_object_iter(j)
            while let i = it {
                let key = String(decoding: UnsafeRawBufferPointer(start: json_object_iter_key(i), count: json_object_iter_key_len(i)), as: UTF8.self)
                if let v = json_object_iter_value(i) { object[key] = value(v) }
                it = json_object_iter_next(j, i)
            }
            return .object(object)
        case JSON_ARRAY:
            return .array((0..<json_array_size(j)).compactMap { json_array_get(j, $0).map(value) })
        case JSON_STRING:
            return .string(String(decoding: UnsafeRawBufferPointer(start: json_string_value(j), count: json_string_length(j)), as: UTF8.self))
        case JSON_INTEGER: return .number(Double(json_integer_value(j)))
        case JSON_REAL: return .number(json_real_value(j))
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        default: return .null
        }
    }
}
