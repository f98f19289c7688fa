// podium-bench-kit: time per frame of the interface kit on SDL's software renderer, offscreen.
// Prints figures, never pass/fail (scripts/bench-kit.sh runs it in release mode).
//
// Scenes, each at 1920×1080 points (scale 1):
//   list     a 10,000-row sectioned list filling the window, scrolled one row per frame
//   popover  a navigation bar, the same list and an open popover holding an action sheet's
//            buttons, with a slider in the popover changing every frame
//   notes    the presenter's notes panel holding 2,000 words of mixed scripts (Latin, Hebrew,
//            Devanagari, Arabic, CJK, emoji, emphasis), cold layout then wheel scrolling; how many
//            Pango layouts were made after warm-up (cached text is never laid out again)
//   typing   keys typed at the end of a text view (band notes, 600 pt wide) and of a text field
//            holding 1,000, 2,000 and 8,000 characters: one key, then one frame, per key
//            (`typing.swift`; scripts/bench-typing.sh)
// BENCH_ONLY=list,popover,notes,typing picks scenes (the first three by default).
// Per frame we time "build" (layout + draw list, pure Swift) and "raster" (Renderer.draw); their
// sum is the figure. SDL_RenderPresent is timed apart: on the offscreen driver it is a
// framebuffer copy that says nothing about the kit. The first frames fill the text cache; they
// are reported apart and left out of the median and p95. BENCH_FRAMES sets the frame count.
import CSDL2
import Foundation
import PodiumCore
import PodiumKit
import PodiumSDL

func now() -> Double { ProcessInfo.processInfo.systemUptime }
func ms(_ a: Double, _ b: Double) -> Double { (b - a) * 1000 }
func f(_ v: Double) -> String { String(format: "%.2f", v) }
/// Median and 95th percentile.
func summary(_ xs: [Double]) -> (median: Double, p95: Double) {
    let s = xs.sorted()
    guard !s.isEmpty else { return (0, 0) }
    return (s[s.count / 2], s[min(s.count - 1, Int(Double(s.count) * 0.95))])
}

@MainActor func bigList() -> ListView {
    let list = ListView()
    list.id = "bench.list"
    list.backgroundColor = Theme.standard.surface
    let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    var n = 0
    list.sections = letters.enumerated().map { i, l in
        ListSection(title: l, rows: (0..<(10_000 / 26 + (i < 10_000 % 26 ? 1 : 0))).map { j in
            defer { n += 1 }
            return ListRow(id: "\(n)", title: "\(l) band \(j + 1)", subtitle: j % 2 == 0 ? "Row \(n + 1) of 10000" : nil, accessory: j % 4 == 0 ? "★" : nil)
        })
    }
    return list
}

/// Runs `frames` frames of the window's tree, calling `step(i)` before each, and prints figures.
@MainActor func run(_ name: String, window: PlatformWindow, frames: Int, warmup: Int = 5, step: (Int) -> Void) {
    var build: [Double] = [], raster: [Double] = [], present: [Double] = []
    var first = (0.0, 0.0)
    for i in 0..<(frames + warmup) {
        step(i)
        let a = now()
        let list = window.root.renderFrame()
        let b = now()
        window.renderer.draw(list, background: window.root.backgroundColor)
        let c = now()
        SDL_RenderPresent(window.renderer.sdl)
        let d = now()
        if i == 0 { first = (ms(a, b), ms(b, c)) }
        if i >= warmup { build.append(ms(a, b)); raster.append(ms(b, c)); present.append(ms(c, d)) }
    }
    let total = summary(zip(build, raster).map(+)), b = summary(build), r = summary(raster)
    print("\(name): layout + draw \(f(total.median)) ms per frame (median), \(f(total.p95)) ms p95 — "
          + "build \(f(b.median)) / \(f(b.p95)) ms, raster \(f(r.median)) / \(f(r.p95)) ms; "
          + "first frame \(f(first.0)) + \(f(first.1)) ms; \(frames) frames; "
          + "present (not counted) \(f(summary(present).median)) ms")
}

/// Raster time of the current frame's commands by kind (median of 20 draws each) over a bare
/// clear: where the software renderer spends a frame.
@MainActor func breakdown(_ window: PlatformWindow) {
    let full = window.root.renderFrame()
    func kind(_ c: DrawCommand) -> String {
        switch c {
        case let .fill(_, _, r): r > 0.5 ? "rounded fill" : "fill"
        case .stroke: "stroke"
        case .polygon: "polygon"
        case .line: "line"
        case .text: "text"
        case .image: "image"
        case .bitmap: "bitmap"
        case .picture: "picture"
        case .pushClip, .popClip: "clip"
        case .shape: "shape"
        @unknown default: "other"
        }
    }
    func time(_ cmds: [DrawCommand]) -> Double {
        let l = DrawList(commands: cmds)
        var xs: [Double] = []
        for _ in 0..<20 { let a = now(); window.renderer.draw(l, background: .black); xs.append(ms(a, now())) }
        return summary(xs).median
    }
    let clear = time([])
    var parts = ["clear \(f(clear)) ms"]
    for k in Set(full.commands.map(kind)).sorted() where k != "clip" {
        let cmds = full.commands.filter { kind($0) == k || kind($0) == "clip" }
        parts.append("\(k) ×\(cmds.filter { kind($0) == k }.count) +\(f(time(cmds) - clear)) ms")
    }
    print("  raster by command kind: " + parts.joined(separator: ", "))
}

@MainActor func main() throws {
    setenv("SDL_RENDER_DRIVER", "software", 1)
    try SDLVideo.start(driver: "offscreen")
    defer { SDLVideo.stop() }
    let frames = Int(ProcessInfo.processInfo.environment["BENCH_FRAMES"] ?? "") ?? 300
    let text = TextEngine()
    let size = Size(1920, 1080)
    let only = Set((ProcessInfo.processInfo.environment["BENCH_ONLY"] ?? "list,popover,notes").split(separator: ",").map(String.init))

    // 1. The list alone, scrolling.
    if only.contains("list") {
        let root = WindowRoot(metrics: text)
        let list = bigList()
        root.content.addSubview(list.pinned(.fill()))
        let window = try PlatformWindow(title: "bench list", root: root, size: size, text: text)
        print("podium-bench-kit: driver \(SDLVideo.currentDriver), renderer \(window.renderer.driverName), "
              + "\(Int(size.width))x\(Int(size.height)) points at scale \(window.renderer.scale)")
        run("list of 10,000 rows, scrolling", window: window, frames: frames) { i in list.scroll(to: Double(i) * list.rowHeight) }
        print("  \(list.visibleRows().count) of 10,000 rows laid out and drawn per frame")
        let before = text.layoutCount
        for _ in 0..<3 { list.scroll(to: 0); _ = window.root.renderFrame() }
        print("  Pango layouts when scrolling back over rows already seen: \(text.layoutCount - before)")
        breakdown(window)
    }

    // 2. The same screen under a navigation bar, with a popover open over it.
    if only.contains("popover") {
        let root = WindowRoot(metrics: text)
        let list = bigList()
        let info = BarButtonItem("Info", id: "bench.info")
        let nav = NavigationBar(title: "Bands", leading: [.button(info)], trailing: [.button(BarButtonItem("Share"))])
        root.content.addSubview(nav.pinned(Pins(leading: 0, trailing: 0, top: 0, height: Toolbar.height)))
        root.content.addSubview(list.pinned(Pins(leading: 0, trailing: 0, top: Toolbar.height, bottom: 0)))
        let window = try PlatformWindow(title: "bench popover", root: root, size: size, text: text)
        let sheet = ActionSheet(title: "Radiohead", actions: [.init("Play next", style: .default) {}, .init("Share…") {}, .init("Remove", style: .destructive) {}])
        let body = sheet.makeView(idPrefix: "bench", showsCancel: false) { _ in }
        let slider = Slider(value: 0, in: 0...100, step: 1)
        body.add(slider, length: 34)
        guard root.presentPopover(body, preferredSize: Size(320, 240), from: info) != nil else { throw SDLError("the popover was not shown") }
        run("open popover over the list", window: window, frames: frames) { i in slider.value = Double(i % 100) }
        breakdown(window)
    }

    // 3. The notes panel holding a 2,000-word page of mixed scripts, scrolled with the wheel.
    if only.contains("notes") {
        let root = WindowRoot(metrics: text)
        let words = ["bands", "שלום", "हिन्दी", "**records**", "مرحبا", "五月天", "*Helsinki*", "🎸", "tour", "किताब"]
        let notes = (0..<40).map { p in "\(p + 1). " + (0..<50).map { words[($0 * 7 + p) % words.count] }.joined(separator: " ") }.joined(separator: "\n\n")
        let panel = NotesView()
        panel.fontSize = 22
        panel.setNotes(notes)
        root.content.addSubview(panel.pinned(.fill(20)))
        let a = now(), before = text.layoutCount
        root.resize(to: size)
        _ = root.renderFrame()
        print("text: notes panel with 2,000 words (40 items × 50 words, 5 scripts, emphasis, emoji): cold layout and draw list \(f(ms(a, now()))) ms, \(text.layoutCount - before) Pango layouts")
        let window = try PlatformWindow(title: "bench notes", root: root, size: size, text: text)
        let centre = Point(size.width / 2, size.height / 2)
        run("notes panel, 2,000 words, scrolling", window: window, frames: frames) { i in
            _ = root.dispatch(.wheel(dx: 0, dy: i % 40 < 20 ? -1 : 1, at: centre))
        }
        let steady = text.layoutCount
        for i in 0..<50 { _ = root.dispatch(.wheel(dx: 0, dy: i < 25 ? -1 : 1, at: centre)); _ = root.renderFrame() }
        print("  Pango layouts in 50 more frames of unchanged notes: \(text.layoutCount - steady)")
        breakdown(window)
    }

    // 4. Typing into long text.
    if only.contains("typing") { try typing(text: text, size: size) }
}

do { try main() } catch { FileHandle.standardError.write(Data("podium-bench-kit: \(error)\n".utf8)); exit(1) }
