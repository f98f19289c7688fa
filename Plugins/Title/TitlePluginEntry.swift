import PodiumKit

/// The C entry point of this built-in plugin's shared library (see `PluginEntry`; named apart from
/// the other built-ins', which are linked together into the test and fuzz binaries).
@_cdecl("podium_plugin_entry_title")
public func podiumPluginEntry_title() -> UnsafeRawPointer { PluginEntry.export { TitlePlugin.descriptor() } }
