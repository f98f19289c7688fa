import PodiumKit
import PodiumSDL

/// Keys typed at the end of a text view (band notes, wrapped at 600 pt) and of a text field
/// holding `n` characters: each key is dispatched as `.text`, then one frame is built and drawn,
/// as the main loop does when keys come one per turn. Prints the median and worst time per key
/// (key + frame) and the Pango layouts made per key.
@MainActor func typing(text: TextEngine, size: Size) throws {
    let sentence = "Saw them live in Helsinki in 2019. "
    for multiline in [true, false] {
        for n in [1_000, 2_000, 8_000] {
            let root = WindowRoot(metrics: text)
            let body = String(String(repeating: sentence, count: n / sentence.count + 1).prefix(n))
            let input: TextInputView = multiline ? TextView(body, id: "bench.notes") : TextField(body, id: "bench.field")
            root.content.addSubview(input.pinned(Pins(leading: 20, top: 20, width: 600, height: multiline ? 400 : 34)))
            let window = try PlatformWindow(title: "bench typing", root: root, size: size, text: text)
            input.becomeFocused()
            window.renderer.draw(root.renderFrame(), background: root.backgroundColor)
            let keys = n >= 8_000 ? 6 : 12
            var xs: [Double] = [], key: [Double] = [], build: [Double] = [], raster: [Double] = []
            let layouts = text.layoutCount
            for i in 0..<keys {
                let a = now()
                _ = root.dispatch(.text(i % 2 == 0 ? "x" : " "))
                let b = now()
                let list = root.renderFrame()
                let c = now()
                window.renderer.draw(list, background: root.backgroundColor)
                let d = now()
                xs.append(ms(a, d)); key.append(ms(a, b)); build.append(ms(b, c)); raster.append(ms(c, d))
            }
            print("typing into a \(multiline ? "text view" : "text field") holding \(n) characters: \(f(summary(xs).median)) ms per key and frame (median of \(keys)), "
                  + "worst \(f(xs.max() ?? 0)) ms (key \(f(summary(key).median)), layout and draw list \(f(summary(build).median)), "
                  + "raster \(f(summary(raster).median)) ms); \(f(Double(text.layoutCount - layouts) / Double(keys))) measuring layouts per key")
        }
    }
}
