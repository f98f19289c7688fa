import XCTest
@testable import WebSearchScene

final class DocumentTextTests: XCTestCase {
    func testMarkdownFrontMatterHeadingsListsAndInlineMarkup() {
        let md = """
        ---
        title: "Radiohead"
        url: https://en.wikipedia.org/wiki/Radiohead
        ---
        # Radiohead ##

        A band from **Abingdon**, see [their site](https://radiohead.com) and `code`.
        Second line of the same paragraph, snake_case kept.

        ## Albums
        1. OK Computer
        2. Kid A
        - ![cover](kid-a.png) bonus
        > quoted *text*
        """
        let d = MarkdownText.document(md, fallbackTitle: "file")
        XCTAssertEqual(d.title, "Radiohead")
        XCTAssertEqual(d.url, "https://en.wikipedia.org/wiki/Radiohead")
        XCTAssertEqual(d.blocks, [
            .heading(level: 1, text: "Radiohead"),
            .paragraph("A band from Abingdon, see their site and code. Second line of the same paragraph, snake_case kept."),
            .heading(level: 2, text: "Albums"),
            .listItem("OK Computer", number: 1),
            .listItem("Kid A", number: 2),
            .listItem("cover bonus", number: nil),
            .paragraph("quoted text"),
        ])
    }

    func testMarkdownTitleFallsBackToFirstHeadingThenFileName() {
        XCTAssertEqual(MarkdownText.document("## Sub\n# Main\ntext", fallbackTitle: "f").title, "Main")
        XCTAssertEqual(MarkdownText.document("just text", fallbackTitle: "band-page").title, "band-page")
    }

    func testHTMLDropsScriptsStylesAndCommentsAndKeepsStructure() {
        let html = """
        <html><head><title>Portishead &amp; friends</title><link rel="canonical" href="https://example.org/p?a=1&amp;b=2">
        <style>p { color: red }</style><script>var x = "<p>not text</p>";</script></head>
        <body><!-- <p>hidden</p> --><nav>Home</nav><h1>Portishead</h1>
        <p>Trip-hop   from
        Bristol.<br>Dummy, 1994 &mdash; &#x263A; &#9731;</p>
        <ol><li>Dummy</li><li>Third</li></ol><ul><li>Bullet <b>bold</b></li></ul>
        <script type="text/javascript">document.write("evil")</script><noscript>enable JS</noscript>
        <footer><p>© 2026</p><form><button>Subscribe</button></form></footer>
        <pre>line 1
          line 2</pre>
        </body></html>
        """
        let d = HTMLText.document(html, fallbackTitle: "f")
        XCTAssertEqual(d.title, "Portishead & friends")
        XCTAssertEqual(d.url, "https://example.org/p?a=1&b=2")
        XCTAssertEqual(d.blocks, [
            .heading(level: 1, text: "Portishead"),
            .paragraph("Trip-hop from Bristol."),
            .paragraph("Dummy, 1994 — ☺ ☃"),
            .listItem("Dummy", number: 1), .listItem("Third", number: 2),
            .listItem("Bullet bold", number: nil),
            .paragraph("line 1\n  line 2"),
        ])
        XCTAssertFalse(d.plainText.contains("evil"))
        XCTAssertFalse(d.plainText.contains("not text"))
        XCTAssertFalse(d.plainText.contains("hidden"))
        XCTAssertFalse(d.plainText.contains("Subscribe"))
    }

    func testHTMLAttributesWithQuotesAndOpenGraphURL() {
        let d = HTMLText.document("<meta property='og:url' content=\"https://x.org/a>b\"><h1 class=\"t\">T</h1>", fallbackTitle: "f")
        XCTAssertEqual(d.url, "https://x.org/a>b")
        XCTAssertEqual(d.title, "T")
    }

    /// libxml2 knows every named entity of HTML 4 (253), numeric references up to U+10FFFF, and
    /// drops references to U+0000 and surrogates; names HTML5 added (`&check;`) are kept as written.
    func testHTMLEntitiesThroughLibxml2() {
        let d = HTMLText.document("<p>&euro;5 &hearts; &alpha;&beta; &Omega; &rarr; &frac12;|&#x1F600;|&#128512;|&#0;&#xD800;|&check;</p>", fallbackTitle: "f")
        XCTAssertEqual(d.blocks, [.paragraph("€5 ♥ αβ Ω → ½|😀|😀||&check;")])
        let attr = HTMLText.document("<link rel=canonical href='https://x.org/?a=1&amp;b=&eacute;&#233;'><p>x</p>", fallbackTitle: "f")
        XCTAssertEqual(attr.url, "https://x.org/?a=1&b=éé")
        // The file was read as UTF-8; a page's own charset declaration does not re-decode it.
        let latin = HTMLText.document("<meta charset=\"iso-8859-1\"><p>Björk – 五月天</p>", fallbackTitle: "f")
        XCTAssertEqual(latin.blocks, [.paragraph("Björk – 五月天")])
    }

    /// Broken markup as found in the wild: unclosed and misnested elements, stray end tags,
    /// an unclosed comment, a bare `<`, unquoted attributes, upper-case tags.
    func testHTMLBrokenMarkupIsRecovered() {
        let html = """
        <HTML><TITLE>Broken</TITLE><BODY><H2>Albums<P>one<p>two <b><i>mis</b>nested</i>
        <ul><li>a<li>b</ul></div></span>stray <p>x < y and 1<2
        <ol start=3><li>first<li>second</ol><p>kept<!-- never closed <p>lost
        """
        let d = HTMLText.document(html, fallbackTitle: "f")
        XCTAssertEqual(d.title, "Broken")
        XCTAssertEqual(d.blocks, [
            .heading(level: 2, text: "Albums"),
            .paragraph("one"), .paragraph("two misnested"),
            .listItem("a", number: nil), .listItem("b", number: nil),
            .paragraph("stray"), .paragraph("x < y and 1<2"),
            .listItem("first", number: 1), .listItem("second", number: 2),
            .paragraph("kept"),
        ])
        XCTAssertEqual(HTMLText.document("", fallbackTitle: "empty").title, "empty")
        XCTAssertEqual(HTMLText.document("<<<>>>&&&;;", fallbackTitle: "f").plainText.isEmpty, false)
        XCTAssertEqual(HTMLText.document(String(repeating: "<div>", count: 200) + "deep", fallbackTitle: "f").blocks, [.paragraph("deep")])
        // libxml2 stops descending at 256 open elements (its guard against stack exhaustion).
        XCTAssertEqual(HTMLText.document(String(repeating: "<div>", count: 50_000) + "deep", fallbackTitle: "f").title, "f")
    }

    func testPlainTextTitleParagraphsAndBullets() {
        let d = PlainText.document("Die Ärzte\n\nPunk from Berlin,\nthree members.\n\n- Westerland\n* Junge\n", fallbackTitle: "f")
        XCTAssertEqual(d.title, "Die Ärzte")
        XCTAssertEqual(d.blocks, [.heading(level: 1, text: "Die Ärzte"), .paragraph("Punk from Berlin, three members."),
                                  .listItem("Westerland", number: nil), .listItem("Junge", number: nil)])
    }

    func testLoadChoosesByExtensionAndNamesBadFiles() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("latin1.txt")
        try Data([0x66, 0xFF, 0xFE, 0x00, 0xC3]).write(to: bad)
        XCTAssertThrowsError(try ReaderDocument.load(bad)) { XCTAssertEqual("\($0)", "\(bad.path): not UTF-8 text") }
        let pdf = dir.appendingPathComponent("x.pdf")
        XCTAssertThrowsError(try ReaderDocument.load(pdf)) { XCTAssertTrue("\($0)".contains("unsupported file type")) }
        let assets = Fixtures.packageRoot.appendingPathComponent("Assets/WebSearch")
        let mayday = try ReaderDocument.load(assets.appendingPathComponent("mayday.html"))
        XCTAssertEqual(mayday.title, "五月天 (Mayday)")
        XCTAssertFalse(mayday.plainText.contains("tracking pixel"))
        XCTAssertTrue(mayday.plainText.contains("B'in Music"))
    }

    func testHighlightedTextFromMarkersAndMediaWikiSnippets() {
        let m = HighlightedText(marked: "a \u{2}Rós\u{3} b\n\u{2}x\u{3}")
        XCTAssertEqual(m.runs, [.init("a ", highlighted: false), .init("Rós", highlighted: true), .init(" b ", highlighted: false), .init("x", highlighted: true)])
        let w = HighlightedText(mediaWikiSnippet: "The <span class=\"searchmatch\">Kid</span> &quot;A&quot; <span class=\"x\">y</span>")
        XCTAssertEqual(w.plain, "The Kid \"A\" y")
        XCTAssertEqual(w.matches, ["Kid"])
        let nested = HighlightedText(mediaWikiSnippet: "<span class='searchmatch x'>R&oacute;s <b>Sigur</b></span>&nbsp;&amp; <span>open")
        XCTAssertEqual(nested.matches, ["Rós Sigur"])
        XCTAssertEqual(nested.plain, "Rós Sigur\u{A0}& open")
    }
}
