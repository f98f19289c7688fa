import CCmarkGFM
import FoundationEssentials
import Glibc

/// CommonMark with GitHub's extensions (tables, strikethrough, autolinks), parsed by Debian's
/// libcmark-gfm (GitHub's fork of the CommonMark reference parser) into a small Swift tree. The
/// presenter notes and the web-search scene's Markdown pages both read Markdown through this.
///
///     let blocks = Markdown.parse("# Title\n\n- *one*\n- **two**")
///     // [.heading(level: 1, [.text("Title")]), .list(ordered: false, start: 1, delimiter: ".", items: …)]
///
/// Raw HTML is kept as `.html` nodes (callers drop it); nothing is rendered to HTML here.
public enum Markdown {
    public indirect enum Inline: Equatable, Sendable {
        case text(String)
        case code(String)
        case emphasis([Inline])
        case strong([Inline])
        case strikethrough([Inline])
        case link(url: String, [Inline])
        /// An image: its description (alt text) and address.
        case image(url: String, [Inline])
        case softBreak, lineBreak
        case html(String)
    }

    public indirect enum Block: Equatable, Sendable {
        case paragraph([Inline])
        /// `level` 1…6.
        case heading(level: Int, [Inline])
        /// Items, each a list of blocks; `start` is the first number of an ordered list and
        /// `delimiter` its "." or ")".
        case list(ordered: Bool, start: Int, delimiter: String, items: [[Block]])
        case quote([Block])
        /// A fenced or indented code block: its info string ("swift") and text.
        case code(info: String, text: String)
        case html(String)
        case thematicBreak
        /// A GFM table: the header row first, each cell its inlines.
        case table([[[Inline]]])
    }

    /// Parses `text` (any string; invalid input is never an error in CommonMark). Runs in time
    /// linear in the input, as cmark guarantees.
    /// If libcmark-gfm cannot be opened (it is opened on first use), the text comes back as one
    /// paragraph as written, and stderr says why once: notes are never lost.
    public static func parse(_ text: String) -> [Block] {
        guard loadError == nil else { return [.paragraph([.text(text)])] }
        guard let parser = podium_cmark_parser_new(CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES) else { return [] }
        defer { podium_cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink"] {
            if let ext = podium_cmark_find_syntax_extension(name) { podium_cmark_parser_attach_syntax_extension(parser, ext) }
        }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { b in
            b.baseAddress.map { $0.withMemoryRebound(to: CChar.self, capacity: b.count) { podium_cmark_parser_feed(parser, $0, b.count) } }
        }
        guard let doc = podium_cmark_parser_finish(parser) else { return [] }
        defer { podium_cmark_node_free(doc) }
        return blocks(under: doc)
    }

    /// nil once libcmark-gfm is open, else why not (said once on stderr).
    static let loadError: String? = {
        var error = [CChar](repeating: 0, count: 512)
        if podium_cmark_load(&error, error.count) != 0 { return nil }
        let why = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let line = Array("podium: Markdown shown as plain text: \(why)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return why
    }()

    /// The text of inlines with the markup dropped (links keep their text, images their alt text,
    /// breaks become spaces).
    public static func plainText(_ inlines: [Inline]) -> String {
        inlines.map { i -> String in
            switch i {
            case let .text(s), let .code(s): s
            case let .emphasis(c), let .strong(c), let .strikethrough(c), let .link(_, c), let .image(_, c): plainText(c)
            case .softBreak, .lineBreak: " "
            case .html: ""
            }
        }.joined()
    }

    // MARK: cmark's tree → Swift

    private static func children(_ node: OpaquePointer) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var c = podium_cmark_node_first_child(node)
        while let n = c { out.append(n); c = podium_cmark_node_next(n) }
        return out
    }

    private static func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
    private static func typeName(_ n: OpaquePointer) -> String { string(podium_cmark_node_get_type_string(n)) }

    private static func blocks(under node: OpaquePointer) -> [Block] { children(node).compactMap(block) }

    private static func block(_ n: OpaquePointer) -> Block? {
        switch podium_cmark_node_get_type(n) {
        case CMARK_NODE_PARAGRAPH: return .paragraph(inlines(under: n))
        case CMARK_NODE_HEADING: return .heading(level: Int(podium_cmark_node_get_heading_level(n)), inlines(under: n))
        case CMARK_NODE_LIST:
            let ordered = podium_cmark_node_get_list_type(n) == CMARK_ORDERED_LIST
            let delimiter = podium_cmark_node_get_list_delim(n) == CMARK_PAREN_DELIM ? ")" : "."
            return .list(ordered: ordered, start: Int(podium_cmark_node_get_list_start(n)), delimiter: delimiter,
                         items: children(n).map { blocks(under: $0) })
        case CMARK_NODE_BLOCK_QUOTE: return .quote(blocks(under: n))
        case CMARK_NODE_CODE_BLOCK: return .code(info: string(podium_cmark_node_get_fence_info(n)), text: string(podium_cmark_node_get_literal(n)))
        case CMARK_NODE_HTML_BLOCK: return .html(string(podium_cmark_node_get_literal(n)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        default:
            // Extension blocks are told apart by name (their type codes are assigned at run time).
            if typeName(n) == "table" { return .table(children(n).map { row in children(row).map { inlines(under: $0) } }) }
            let inner = blocks(under: n)
            return inner.isEmpty ? nil : .quote(inner)
        }
    }

    private static func inlines(under node: OpaquePointer) -> [Inline] { children(node).map(inline) }

    private static func inline(_ n: OpaquePointer) -> Inline {
        switch podium_cmark_node_get_type(n) {
        case CMARK_NODE_TEXT: return .text(string(podium_cmark_node_get_literal(n)))
        case CMARK_NODE_CODE: return .code(string(podium_cmark_node_get_literal(n)))
        case CMARK_NODE_EMPH: return .emphasis(inlines(under: n))
        case CMARK_NODE_STRONG: return .strong(inlines(under: n))
        case CMARK_NODE_LINK: return .link(url: string(podium_cmark_node_get_url(n)), inlines(under: n))
        case CMARK_NODE_IMAGE: return .image(url: string(podium_cmark_node_get_url(n)), inlines(under: n))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_HTML_INLINE: return .html(string(podium_cmark_node_get_literal(n)))
        default:
            if typeName(n) == "strikethrough" { return .strikethrough(inlines(under: n)) }
            let inner = inlines(under: n)
            return .text(inner.isEmpty ? string(podium_cmark_node_get_literal(n)) : plainText(inner))
        }
    }
}
