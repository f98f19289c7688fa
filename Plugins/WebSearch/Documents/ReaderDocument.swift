import Foundation
import PodiumKit

/// The clean text of one page, as the reader view shows it: headings, paragraphs and list items,
/// with no markup, scripts or styles left. Made from Markdown, HTML or plain text (local files)
/// or from a MediaWiki extract (online).
public struct ReaderDocument: Equatable, Sendable {
    public enum Block: Equatable, Sendable {
        /// `level` 1…6, as in HTML.
        case heading(level: Int, text: String)
        case paragraph(String)
        /// One list item; `number` is its position in an ordered list, nil for bullets.
        case listItem(String, number: Int?)
    }

    public var title: String
    public var blocks: [Block]
    /// The page's web address when it has one (front matter `url:`, `<link rel="canonical">`,
    /// the wiki's page URL). Local files without one have nil.
    public var url: String?

    public init(title: String, blocks: [Block], url: String? = nil) {
        self.title = title; self.blocks = blocks; self.url = url
    }

    /// All block text, one block a line: what the full-text index stores as the body.
    public var plainText: String {
        blocks.map { b in
            switch b {
            case let .heading(_, t), let .paragraph(t), let .listItem(t, _): t
            }
        }.joined(separator: "\n")
    }

    /// The text the index stores as the body: `plainText` without a leading heading that only
    /// repeats the title (it would fill every snippet).
    public var bodyText: String {
        var d = self
        if case let .heading(_, t)? = d.blocks.first, t == title { d.blocks.removeFirst() }
        return d.plainText
    }

    /// Reads a local file by its extension: `.md`/`.markdown`, `.html`/`.htm`, `.txt`/`.text`.
    /// The file name (without extension) is the title when the text names none. Throws
    /// `DocumentError` naming the file when it cannot be read or is not UTF-8.
    public static func load(_ url: URL) throws -> ReaderDocument {
        guard let kind = DocumentKind(url) else { throw DocumentError(description: "\(url.path): unsupported file type (expected .md, .html or .txt)") }
        let data: Data
        do { data = try InputFile.read(url.path, maxBytes: 64 << 20) } catch { throw DocumentError(description: "\(error)") }
        guard let text = String(data: data, encoding: .utf8) else { throw DocumentError(description: "\(url.path): not UTF-8 text") }
        let fallback = url.deletingPathExtension().lastPathComponent
        switch kind {
        case .markdown: return MarkdownText.document(text, fallbackTitle: fallback)
        case .html: return HTMLText.document(text, fallbackTitle: fallback)
        case .plain: return PlainText.document(text, fallbackTitle: fallback)
        }
    }
}

/// A document that could not be read: the message names the file.
public struct DocumentError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// The file types the index reads, chosen by extension (case-insensitive).
public enum DocumentKind: Sendable {
    case markdown, html, plain
    public init?(_ url: URL) {
        switch url.pathExtension.lowercased() {
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        case "txt", "text": self = .plain
        default: return nil
        }
    }
}

/// Plain text: blank lines separate paragraphs, `- ` or `* ` lines are list items, and the first
/// line is the title when it is short and followed by a blank line.
enum PlainText {
    static func document(_ text: String, fallbackTitle: String) -> ReaderDocument {
        var blocks: [ReaderDocument.Block] = []
        var para: [String] = []
        func flush() { if !para.isEmpty { blocks.append(.paragraph(para.joined(separator: " "))); para = [] } }
        for raw in text.components(separatedBy: .newlines) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { flush(); continue }
            if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("• ") {
                flush(); blocks.append(.listItem(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces), number: nil))
            } else { para.append(line) }
        }
        flush()
        var title = fallbackTitle
        if case let .paragraph(first)? = blocks.first, first.count <= 80 {
            title = first
            blocks[0] = .heading(level: 1, text: first)
        }
        return ReaderDocument(title: title, blocks: blocks)
    }
}
