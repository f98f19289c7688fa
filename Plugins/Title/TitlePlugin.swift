import PodiumKit

/// The `title` scene: a heading and a subtitle, large and centred for the room.
///
/// Parameters: `heading` (string, required), `subtitle` (string), `background` (`#rrggbb`).
public enum TitlePlugin {
    public static func descriptor() -> PluginDescriptor {
        PluginDescriptor(id: "org.podium.title", name: "Title", version: "1.0.0", sceneKinds: [
            SceneKind(name: "title", summary: "A heading and subtitle, centred", validate: { p in
                _ = try p.requiredString("heading"); _ = try p.string("subtitle")
                if let c = try p.string("background"), Color(hex: c) == nil {
                    throw SceneParameterError(path: "\(p.path).background", message: "expected a colour like #1a2b3c, found \(SafeText.quote(c))")
                }
            }, make: { p, _ in try TitleScene(p) }).parameterNames(["heading", "subtitle", "background"]),
        ])
    }
}

final class TitleScene: Scene {
    let heading: String
    let subtitle: String
    let presenterView: View
    let audienceView: View
    var title: String { heading }

    init(_ p: SceneParameters) throws {
        heading = try p.requiredString("heading")
        subtitle = try p.string("subtitle") ?? ""
        let bg = try p.string("background").flatMap(Color.init(hex:)) ?? Theme.standard.background
        audienceView = TitleCard(heading: heading, subtitle: subtitle, background: bg)
        presenterView = TitleCard(heading: heading, subtitle: subtitle, background: Theme.standard.surface, compact: true)
    }
}

/// Heading and subtitle centred; type scales with the view so it reads at any window size.
final class TitleCard: View {
    let heading: Label, subtitle: Label
    let compact: Bool
    init(heading h: String, subtitle s: String, background: Color, compact: Bool = false) {
        heading = Label(h, font: .bold(64), lines: 0); subtitle = Label(s, font: .system(32), color: Theme.standard.secondaryText, lines: 0)
        self.compact = compact
        super.init()
        backgroundColor = background
        heading.alignment = .center; subtitle.alignment = .center
        addSubviews(heading, subtitle)
    }
    override func layoutSubviews() {
        var unit = min(bounds.width / 16, bounds.height / 9) * (compact ? 0.6 : 1)
        let w = bounds.width * 0.84
        var hs = Size.zero, ss = Size.zero, total = 0.0
        // Long headings shrink until heading and subtitle fit in 90% of the height, never clipped.
        repeat {
            heading.font = .bold(max(8, unit * 1.1)); subtitle.font = .system(max(6, unit * 0.5))
            hs = heading.sizeThatFits(Size(w, .infinity)); ss = subtitle.sizeThatFits(Size(w, .infinity))
            total = hs.height + unit * 0.4 + ss.height
            unit *= 0.9
        } while total > bounds.height * 0.9 && unit > 6
        let top = (bounds.height - total) / 2
        heading.frame = Rect((bounds.width - w) / 2, top, w, hs.height)
        subtitle.frame = Rect((bounds.width - w) / 2, top + hs.height + unit * 0.4, w, ss.height)
    }
}
