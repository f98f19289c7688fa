import PodiumKit

/// The C entry point of `libPDFScene.so` (see `PluginEntry`). Its own name, because the built-in
/// plugins are also linked together into the test and fuzz binaries.
@_cdecl("podium_plugin_entry_pdf")
public func podiumPluginEntryPDF() -> UnsafeRawPointer { PluginEntry.export { PDFPlugin.descriptor() } }
