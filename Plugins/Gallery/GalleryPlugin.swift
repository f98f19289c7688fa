import PodiumKit

/// The `gallery` scene: every control and popover case of the interface kit, so a person can look
/// at them and tests can drive them (every control has a stable id under `gallery.`).
///
/// Parameters:
/// - `page`: `controls` (default; bars, buttons, labels, text inputs, slider, switch, segments,
///   image), `popovers` (buttons at each corner, edge and the centre that open popovers, plus
///   large content, action sheet and nested cases) or `split` (a split view over a 10,000-row list).
/// - `open`: a case to show open when the scene first appears — on `controls`: `toolbar`,
///   `action-sheet`; on `popovers`: `top-left`, `top`, `top-right`, `left`, `centre`, `right`,
///   `bottom-left`, `bottom`, `bottom-right`, `large`, `action-sheet`, `nested`; on `split`:
///   `primary` (the collapsed split's list popover).
/// - `width`: on `split`, the split view's width in points (below 400 it collapses).
public enum GalleryPlugin {
    static let pages = ["controls", "popovers", "split"]
    static let openCases: [String: [String]] = [
        "controls": ["toolbar", "action-sheet"],
        "popovers": PopoversPage.positions.map(\.name) + ["large", "action-sheet", "nested"],
        "split": ["primary"],
    ]

    public static func descriptor() -> PluginDescriptor {
        PluginDescriptor(id: "org.podium.gallery", name: "Interface Kit Gallery", version: "1.0.0", sceneKinds: [
            SceneKind(name: "gallery", summary: "Every control and popover case of the interface kit",
                      validate: { _ = try GalleryOptions($0) }, make: { p, ctx in try GalleryScene(GalleryOptions(p), context: ctx) })
                .parameterNames(["page", "open", "width"]),
        ])
    }
}

/// The gallery's parameters, validated; errors name the JSON path and list what is allowed.
struct GalleryOptions {
    var page: String
    var open: String?
    var width: Double?

    init(_ p: SceneParameters) throws {
        page = try p.string("page") ?? "controls"
        guard GalleryPlugin.pages.contains(page) else {
            throw SceneParameterError(path: "\(p.path).page", message: "unknown page \(SafeText.quote(page)) (expected one of: \(GalleryPlugin.pages.joined(separator: ", ")))")
        }
        open = try p.string("open")
        let cases = GalleryPlugin.openCases[page] ?? []
        if let o = open, !cases.contains(o) {
            throw SceneParameterError(path: "\(p.path).open", message: "unknown case \(SafeText.quote(o)) for page \(page) (expected one of: \(cases.joined(separator: ", ")))")
        }
        width = try p.number("width")
        if let w = width, !(w >= 200 && w <= 4000) {
            throw SceneParameterError(path: "\(p.path).width", message: "expected a width in points between 200 and 4000, found \(w)")
        }
    }
}
