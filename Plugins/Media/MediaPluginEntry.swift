import PodiumKit

/// The C entry point of `libMediaScene.so` (see `PluginEntry`; named apart from the other built-ins').
@_cdecl("podium_plugin_entry_media")
public func podiumPluginEntryMedia() -> UnsafeRawPointer { PluginEntry.export { MediaPlugin.descriptor() } }
