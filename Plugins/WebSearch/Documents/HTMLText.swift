import Foundation

/// HTML to reader blocks with a tolerant tag scanner (pages in the wild are rarely well formed):
/// headings, paragraphs and list items are kept; `script`, `style`, `noscript`, `template`,
/// `svg`, `iframe`, `object`, page furniture (`nav`, `aside`, `footer`, `form`, `button`) and
/// comments are dropped with their contents, as reader modes do; every other tag is
/// reduced to its text. Entities are decoded. The title comes from `<title>`, else the first
/// `<h1>`; the URL from `<link rel="canonical">` or `<meta property="og:url">`.
enum HTMLText {
    static func document(_ html: String, fallbackTitle: String) -> ReaderDocument {
        var b = Builder()
        b.run(html)
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
        private var skipUntil: String?
        private var inTitle = false
        private var preDepth = 0
        private enum Kind { case paragraph, heading(Int), item(Int?) }

        mutating func run(_ html: String) {
            var i = html.startIndex
            while i < html.endIndex {
                guard let lt = html[i...].firstIndex(of: "<") else { appendText(String(html[i...])); break }
                if lt > i { appendText(String(html[i..<lt])) }
                if html[lt...].hasPrefix("<!--") {
                    i = html[lt...].range(of: "-->")?.upperBound ?? html.endIndex; continue
                }
                guard let gt = tagEnd(html, from: lt) else { appendText(String(html[lt...])); break }
                tag(String(html[html.index(after: lt)..<gt]))
                i = html.index(after: gt)
            }
            flush()
        }

        /// The `>` closing the tag at `lt`, skipping quoted attribute values.
        private func tagEnd(_ s: String, from lt: String.Index) -> String.Index? {
            var quote: Character?
            var j = s.index(after: lt)
            while j < s.endIndex {
                let c = s[j]
                if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { return j }
                j = s.index(after: j)
            }
            return nil
        }

        private mutating func appendText(_ raw: String) {
            if inTitle { title = (title ?? "") + HTMLText.decodeEntities(raw); return }
            if skipUntil != nil { return }
            text += HTMLText.decodeEntities(raw)
        }

        private mutating func tag(_ body: String) {
            let closing = body.hasPrefix("/")
            let inner = closing ? body.dropFirst() : Substring(body)
            let name = inner.prefix { $0.isLetter || $0.isNumber }.lowercased()
            if let s = skipUntil {
                // Inside a skipped element only its own end tag matters (`<head>` keeps title/link/meta).
                if closing && name == s { skipUntil = nil }
                if s == "head" { headTag(name, closing: closing, attributes: String(inner)) }
                return
            }
            if name == "title" || name == "link" || name == "meta" { headTag(name, closing: closing, attributes: String(inner)); return }
            if !closing && HTMLText.skipped.contains(name) && !body.hasSuffix("/") { skipUntil = name; return }
            switch name {
            case "h1", "h2", "h3", "h4", "h5", "h6":
                flush()
                current = closing ? .paragraph : .heading(Int(String(name.last!))!)
            case "li":
                flush()
                if closing { current = .paragraph; return }
                var number: Int?
                if let n = lists.last, let next = n { number = next; lists[lists.count - 1] = next + 1 }
                current = .item(number)
            case "ul", "ol":
                flush()
                if closing { _ = lists.popLast() } else { lists.append(name == "ol" ? 1 : nil) }
                current = .paragraph
            case "pre":
                flush(); preDepth += closing ? -1 : 1; preDepth = max(0, preDepth)
            default:
                if HTMLText.breaking.contains(name) { flush() } // the kind (item, heading) lasts until its own end tag
                else if name == "td" || name == "th" { text += " " }
            }
        }

        private mutating func headTag(_ name: String, closing: Bool, attributes: String) {
            switch name {
            case "title": inTitle = !closing
            case "link":
                let a = HTMLText.attributes(attributes)
                if a["rel"]?.lowercased() == "canonical", let h = a["href"] { url = h }
            case "meta":
                let a = HTMLText.attributes(attributes)
                if a["property"]?.lowercased() == "og:url", url == nil, let c = a["content"] { url = c }
            default: break
            }
        }

        private mutating func flush() {
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

    /// `name="value"` pairs of a tag (names lowercased, entities decoded). Unquoted values and
    /// single quotes are accepted.
    static func attributes(_ tag: String) -> [String: String] {
        var out: [String: String] = [:]
        let chars = Array(tag)
        var i = chars.firstIndex(where: { $0.isWhitespace }) ?? chars.count
        while i < chars.count {
            while i < chars.count, chars[i].isWhitespace || chars[i] == "/" { i += 1 }
            let start = i
            while i < chars.count, !chars[i].isWhitespace, chars[i] != "=", chars[i] != "/" { i += 1 }
            let name = String(chars[start..<i]).lowercased()
            while i < chars.count, chars[i].isWhitespace { i += 1 }
            var value = ""
            if i < chars.count, chars[i] == "=" {
                i += 1
                while i < chars.count, chars[i].isWhitespace { i += 1 }
                if i < chars.count, chars[i] == "\"" || chars[i] == "'" {
                    let q = chars[i]; i += 1
                    let vs = i
                    while i < chars.count, chars[i] != q { i += 1 }
                    value = String(chars[vs..<min(i, chars.count)]); i += 1
                } else {
                    let vs = i
                    while i < chars.count, !chars[i].isWhitespace { i += 1 }
                    value = String(chars[vs..<i])
                }
            }
            if !name.isEmpty { out[name] = decodeEntities(value) }
        }
        return out
    }

    /// Named entities common in band pages and MediaWiki output; others pass through unchanged.
    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–", "mdash": "—",
        "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "copy": "©", "reg": "®", "trade": "™", "middot": "·", "bull": "•", "deg": "°", "times": "×",
        "eacute": "é", "egrave": "è", "aacute": "á", "oacute": "ó", "uacute": "ú", "iacute": "í",
        "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
        "aring": "å", "oslash": "ø", "aelig": "æ", "eth": "ð", "thorn": "þ", "ntilde": "ñ", "ccedil": "ç",
    ]

    /// Decodes `&name;`, `&#123;` and `&#x1F;` references.
    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "&", let semi = s[i...].prefix(12).firstIndex(of: ";") {
                let name = s[s.index(after: i)..<semi]
                var decoded: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    decoded = namedEntities[String(name)]
                }
                if let d = decoded { out += d; i = s.index(after: semi); continue }
            }
            out.append(s[i]); i = s.index(after: i)
        }
        return out
    }
}
