import PodiumKit

/// The C entry point `podium` looks up after `dlopen`. `PluginEntry.export` fills in the API
/// version this plugin was compiled against, so the host can refuse a mismatch safely.
@_cdecl("podium_plugin_entry")
public func podiumPluginEntry() -> UnsafeRawPointer {
    PluginEntry.export { ExamplePlugin.descriptor() }
}

/// The `example` scene kind: a coloured card with a greeting and a click counter.
///
/// Parameters (all optional):
/// - `greeting` (string): the text; default: the plugin's `Assets/greeting.txt`.
/// - `color` (`#rrggbb`): the card's background; default `#2e7d32`.
/// - `textFile` (string): a text file, relative to the deck, shown under the greeting. Checked
///   by `validate` (`existingFile`), so `podium check` names a missing file; read when the scene
///   is made (a file gone since makes `make` throw, and the host shows an error card).
public enum ExamplePlugin {
    public static func descriptor() -> PluginDescriptor {
        var d = PluginDescriptor(id: "org.podium.example", name: "Example", version: "1.0.0", sceneKinds: [
            SceneKind(name: "example", summary: "A coloured card with a greeting and a click counter",
                      validate: { p in _ = try ExampleScene.Settings(p) },
                      make: { p, context in try ExampleScene(settings: ExampleScene.Settings(p), context: context) })
                // Every name `Settings` reads: a misspelt key in a deck ("colr") is then refused by
                // `podium check` and at launch, naming the closest known name.
                .parameterNames(["greeting", "color", "textFile"]),
        ])
        // API 2.1: a deck opener and a command (ExampleContributions.swift); plugin.json lists them too.
        d.deckOpeners = [ExampleContributions.opener]
        d.commands = [ExampleContributions.command]
        return d
    }
}
