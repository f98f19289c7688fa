import Foundation
import PodiumMarkdown

/// Markdown pages (CommonMark with GitHub's tables and strikethrough, read by libcmark-gfm
/// through `PodiumMarkdown`) as reader blocks, after Jekyll-style front matter (`title:`, `url:`).
/// Inline markup (emphasis, code, links, images) is reduced to its text; raw HTML is dropped.
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
        for b in Markdown.parse(lines.joined(separator: "\n")) { append(b, to: &blocks) }

        let firstH1 = blocks.lazy.compactMap { b -> String? in if case let .heading(1, t) = b { t } else { nil } }.first
        let title = meta["title"].flatMap { $0.isEmpty ? nil : $0 } ?? firstH1 ?? fallbackTitle
        return ReaderDocument(title: title, blocks: blocks, url: meta["url"] ?? meta["source"])
    }

    /// CommonMark blocks as reader blocks: inline markup reduced to its text, code and quotes as
    /// paragraphs, each table row a paragraph, raw HTML and rules dropped.
    private static func append(_ block: Markdown.Block, to out: inout [ReaderDocument.Block]) {
        func text(_ i: [Markdown.Inline]) -> String { Markdown.plainText(i).trimmingCharacters(in: .whitespaces) }
        switch block {
        case let .paragraph(i): out.append(.paragraph(text(i)))
        case let .heading(level, i): out.append(.heading(level: level, text: text(i)))
        case let .list(ordered, start, _, items):
            for (n, item) in items.enumerated() {
                var rest = item[...]
                let first: String
                if case let .paragraph(i)? = rest.first { first = text(i); rest = rest.dropFirst() } else { first = "" }
                out.append(.listItem(first, number: ordered ? start + n : nil))
                for b in rest { append(b, to: &out) }
            }
        case let .quote(blocks): for b in blocks { append(b, to: &out) }
        case let .code(_, t):
            let body = t.hasSuffix("\n") ? String(t.dropLast()) : t
            if !body.isEmpty { out.append(.paragraph(body)) }
        case let .table(rows): for row in rows { out.append(.paragraph(row.map(text).joined(separator: " · "))) }
        case .html, .thematicBreak: break
        }
    }
}
