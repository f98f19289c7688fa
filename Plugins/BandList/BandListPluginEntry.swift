import PodiumKit

/// The C entry point of `libBandListScene.so` (see `PluginEntry`; named apart from the other
/// built-ins', which are linked together into the test and fuzz binaries).
@_cdecl("podium_plugin_entry_band_list")
public func podiumPluginEntryBandList() -> UnsafeRawPointer { PluginEntry.export { BandListPlugin.descriptor() } }
