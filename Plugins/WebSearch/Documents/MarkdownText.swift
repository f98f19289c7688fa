import Foundation

/// The subset of Markdown band pages use, turned into reader blocks: front matter (`title:`,
/// `url:`), ATX headings, paragraphs, bullet and numbered lists, block quotes and code fences.
/// Inline markup (emphasis, code, links, images) is reduced to its text; raw HTML tags are dropped.
enum MarkdownText {
    static func document(_ text: String, fallbackTitle: String) -> ReaderDocument {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        var meta: [String: String] = [:]
        // Front matter: a `---` fence on the first line, `key: value` lines, a closing fence.
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---",
           let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }) {
            for l in lines[1..<end] {
                guard let colon = l.firstIndex(of: ":") else { continue }
                let key = l[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                var value = l[l.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, let f = value.first, f == value.last, f == "\"" || f == "'" { value = String(value.dropFirst().dropLast()) }
                meta[key] = value
            }
            lines.removeSubrange(0...end)
        }

        var blocks: [ReaderDocument.Block] = []
        var para: [String] = []
        var inFence = false
        var fenceLines: [String] = []
        func flush() { if !para.isEmpty { blocks.append(.paragraph(inline(para.joined(separator: " ")))); para = [] } }

        for raw in lines {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                if inFence { blocks.append(.paragraph(fenceLines.joined(separator: "\n"))); fenceLines = [] } else { flush() }
                inFence.toggle(); continue
            }
            if inFence { fenceLines.append(raw); continue }
            if line.isEmpty { flush(); continue }
            if let h = heading(line) { flush(); blocks.append(.heading(level: h.level, text: inline(h.text))); continue }
            if let item = listItem(line) { flush(); blocks.append(.listItem(inline(item.text), number: item.number)); continue }
            if line.hasPrefix(">") { para.append(line.drop { $0 == ">" || $0 == " " }.description); continue }
            if line.allSatisfy({ "-*_= ".contains($0) }), line.count >= 3 { flush(); continue } // rules, setext underlines
            para.append(line)
        }
        flush()
        if inFence, !fenceLines.isEmpty { blocks.append(.paragraph(fenceLines.joined(separator: "\n"))) }

        let firstH1 = blocks.lazy.compactMap { b -> String? in if case let .heading(1, t) = b { t } else { nil } }.first
        let title = meta["title"].flatMap { $0.isEmpty ? nil : $0 } ?? firstH1 ?? fallbackTitle
        return ReaderDocument(title: title, blocks: blocks, url: meta["url"] ?? meta["source"])
    }

    private static func heading(_ line: String) -> (level: Int, text: String)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " else { return nil }
        // Closing hashes ("## Title ##") are decoration.
        var text = rest.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("#") { text.removeLast() }
        return (hashes, text.trimmingCharacters(in: .whitespaces))
    }

    private static func listItem(_ line: String) -> (text: String, number: Int?)? {
        if let f = line.first, "-*+".contains(f), line.dropFirst().first == " " {
            return (String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces), nil)
        }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let rest = line.dropFirst(digits.count)
        guard let d = rest.first, d == "." || d == ")", rest.dropFirst().first == " " else { return nil }
        return (String(rest.dropFirst(2)).trimmingCharacters(in: .whitespaces), Int(digits))
    }

    /// Inline markup to plain text: `![alt](src)` → alt, `[text](url)` → text, emphasis and code
    /// markers removed, `<tags>` dropped, backslash escapes resolved.
    static func inline(_ s: String) -> String {
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == "\\", let n = s.index(i, offsetBy: 1, limitedBy: s.endIndex), n < s.endIndex {
                out.append(s[n]); i = s.index(after: n); continue
            }
            if c == "!" || c == "[", let link = linkText(s, at: c == "!" ? s.index(after: i) : i) {
                out += link.text; i = link.end; continue
            }
            if c == "<", let close = s[i...].firstIndex(of: ">"), s[s.index(after: i)...].first.map({ $0.isLetter || $0 == "/" }) == true {
                i = s.index(after: close); continue
            }
            if c == "*" || c == "`" || (c == "_" && isBoundary(s, i)) { i = s.index(after: i); continue }
            out.append(c); i = s.index(after: i)
        }
        return out
    }

    /// `[text](target)` starting at `i`: the text and the index after the closing parenthesis.
    private static func linkText(_ s: String, at i: String.Index) -> (text: String, end: String.Index)? {
        guard i < s.endIndex, s[i] == "[", let close = s[i...].firstIndex(of: "]") else { return nil }
        let after = s.index(after: close)
        guard after < s.endIndex, s[after] == "(", let paren = s[after...].firstIndex(of: ")") else { return nil }
        return (inline(String(s[s.index(after: i)..<close])), s.index(after: paren))
    }

    /// `_` is emphasis only at a word edge (snake_case names keep theirs).
    private static func isBoundary(_ s: String, _ i: String.Index) -> Bool {
        let before = i > s.startIndex ? s[s.index(before: i)] : " "
        let next = s.index(after: i)
        let after = next < s.endIndex ? s[next] : " "
        return !(before.isLetter || before.isNumber) || !(after.isLetter || after.isNumber)
    }
}
