import PodiumKit

/// The C entry point of this built-in plugin's shared library (see `PluginEntry`; named apart from
/// the other built-ins', which are linked together into the test and fuzz binaries).
@_cdecl("podium_plugin_entry_map_search")
public func podiumPluginEntry_map_search() -> UnsafeRawPointer { PluginEntry.export { MapSearchPlugin.descriptor() } }
