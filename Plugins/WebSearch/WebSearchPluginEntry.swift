import PodiumKit

/// The C entry point of this built-in plugin's shared library (see `PluginEntry`; named apart from
/// the other built-ins', which are linked together into the test and fuzz binaries).
@_cdecl("podium_plugin_entry_web_search")
public func podiumPluginEntry_web_search() -> UnsafeRawPointer { PluginEntry.export { WebSearchPlugin.descriptor() } }
