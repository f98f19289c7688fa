import Foundation

/// HTML to reader blocks over libxml2's parse tree (`HTMLNode`): headings, paragraphs and list
/// items are kept; `script`, `style`, `noscript`, `template`, `svg`, `iframe`, `object`, page
/// furniture (`nav`, `aside`, `footer`, `form`, `button`) and comments are dropped with their
/// contents, as reader modes do; every other element is reduced to its text. The title comes
/// from `<title>`, else the first `<h1>`; the URL from `<link rel="canonical">` or
/// `<meta property="og:url">`.
enum HTMLText {
    static func document(_ html: String, fallbackTitle: String) -> ReaderDocument {
        var b = Builder()
        b.walk(HTMLNode.parse(html), headOnly: false)
        b.flush()
        let firstH1 = b.blocks.lazy.compactMap { x -> String? in if case let .heading(1, t) = x { t } else { nil } }.first
        let title = b.title.map(collapse).flatMap { $0.isEmpty ? nil : $0 } ?? firstH1 ?? fallbackTitle
        return ReaderDocument(title: title, blocks: b.blocks, url: b.url)
    }

    /// Elements whose content is never text for the reader.
    static let skipped: Set<String> = ["script", "style", "noscript", "template", "svg", "iframe", "object", "head",
                                       "nav", "aside", "footer", "form", "button"]
    /// Elements that end the current paragraph.
    static let breaking: Set<String> = ["p", "div", "section", "article", "main", "header", "footer", "nav", "aside",
                                        "blockquote", "pre", "table", "tr", "br", "hr", "ul", "ol", "dl", "dt", "dd",
                                        "figure", "figcaption", "body", "html", "form"]

    private struct Builder {
        var blocks: [ReaderDocument.Block] = []
        var title: String?
        var url: String?
        private var text = ""
        private var current: Kind = .paragraph
        private var lists: [Int?] = []   // per open list: next number, nil for bullets
        private var preDepth = 0
        private enum Kind { case paragraph, heading(Int), item(Int?) }

        /// `headOnly`: inside `<head>`, where only title, link and meta count.
        mutating func walk(_ nodes: [HTMLNode], headOnly: Bool) {
            for node in nodes {
                switch node {
                case let .text(t):
                    if !headOnly { text += t }
                case let .element(name, attributes, children):
                    if name == "title" || name == "link" || name == "meta" {
                        headElement(name, attributes: attributes, text: node.textContent)
                    } else if HTMLText.skipped.contains(name) {
                        if name == "head" { walk(children, headOnly: true) }
                    } else if headOnly {
                        walk(children, headOnly: true)
                    } else {
                        start(name)
                        walk(children, headOnly: false)
                        end(name)
                    }
                }
            }
        }

        private mutating func start(_ name: String) {
            switch name {
            case "h1", "h2", "h3", "h4", "h5", "h6":
                flush(); current = .heading(Int(String(name.last!))!)
            case "li":
                flush()
                var number: Int?
                if let n = lists.last, let next = n { number = next; lists[lists.count - 1] = next + 1 }
                current = .item(number)
            case "ul", "ol":
                flush(); lists.append(name == "ol" ? 1 : nil); current = .paragraph
            case "pre":
                flush(); preDepth += 1
            case "td", "th":
                text += " "
            default:
                if HTMLText.breaking.contains(name) { flush() } // the kind (item, heading) lasts until its own end
            }
        }

        private mutating func end(_ name: String) {
            switch name {
            case "h1", "h2", "h3", "h4", "h5", "h6", "li":
                flush(); current = .paragraph
            case "ul", "ol":
                flush(); _ = lists.popLast(); current = .paragraph
            case "pre":
                flush(); preDepth = max(0, preDepth - 1)
            default:
                if HTMLText.breaking.contains(name) { flush() }
            }
        }

        private mutating func headElement(_ name: String, attributes a: [String: String], text: String) {
            switch name {
            case "title": if title == nil { title = text }
            case "link": if a["rel"]?.lowercased() == "canonical", let h = a["href"] { url = h }
            case "meta": if a["property"]?.lowercased() == "og:url", url == nil, let c = a["content"] { url = c }
            default: break
            }
        }

        mutating func flush() {
            let t = preDepth > 0 ? text.trimmingCharacters(in: .newlines) : HTMLText.collapse(text)
            text = ""
            guard !t.isEmpty else { return }
            switch current {
            case .paragraph: blocks.append(.paragraph(t))
            case let .heading(l): blocks.append(.heading(level: l, text: t))
            case let .item(n): blocks.append(.listItem(t, number: n))
            }
        }
    }

    /// Runs of whitespace (including newlines) become one space; ends trimmed.
    static func collapse(_ s: String) -> String {
        s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
