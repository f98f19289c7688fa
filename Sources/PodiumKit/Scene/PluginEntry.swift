/// The C-level entry point of an external plugin (a shared library loaded with `dlopen`).
///
/// A plugin exports one C symbol, `podium_plugin_entry`, that returns a pointer to this layout.
/// The host reads it as plain bytes, so it can refuse a plugin built for another API version
/// before it touches a single Swift type from the library:
///
/// ```c
/// struct podium_plugin_entry {          // offset
///     uint32_t magic;                   //  0  'PDMP' (0x504D4450)
///     uint16_t api_major;               //  4  API the plugin was compiled against
///     uint16_t api_minor;               //  6
///     uint32_t size;                    //  8  sizeof(struct) as the plugin knows it (32 for layout 1)
///     uint32_t layout_fingerprint;      // 12  PluginEntry.layoutFingerprint as the plugin saw it
///     void *(*make_descriptor)(void *); // 16  returns a retained PluginDescriptorBox
///     void *context;                    // 24  passed to make_descriptor
/// };                                    // 32 bytes; later versions only append fields
/// ```
///
/// In Swift, a plugin writes:
///
/// ```swift
/// @_cdecl("podium_plugin_entry")
/// public func podiumPluginEntry() -> UnsafeRawPointer {
///     PluginEntry.export { HelloPlugin.descriptor() }
/// }
/// ```
///
/// `export` and the version constants are `@_alwaysEmitIntoClient`: they are compiled into the
/// plugin, so the numbers in the entry are those of the PodiumKit the plugin was built against,
/// not those of the host's `libPodiumKit.so` that the plugin ends up calling at run time.
///
/// Bytes 0–11 (magic, API version, size) keep their meaning in every future layout, so any host
/// can read and refuse any entry.
public enum PluginEntry {
    /// The symbol the host looks up with `dlsym`.
    public static let symbolName = "podium_plugin_entry"
    /// `'PDMP'` read as a little-endian `UInt32`; anything else is not a Podium entry.
    @_alwaysEmitIntoClient public static var magic: UInt32 { 0x504D_4450 }
    /// The API version this copy of PodiumKit was compiled as; equals `PluginDescriptor.hostAPIVersion`.
    @_alwaysEmitIntoClient public static var apiMajor: UInt16 { 3 }
    /// Minor API version of this copy of PodiumKit (with ``PluginEntry/apiMajor``,
    /// `PluginDescriptor.hostAPIVersion`).
    @_alwaysEmitIntoClient public static var apiMinor: UInt16 { 0 }
    /// Size in bytes of layout 1, the smallest entry any host accepts.
    @_alwaysEmitIntoClient public static var layout1Size: UInt32 { 32 }

    /// A hash of the sizes and strides of the public value types plugins use most, as the compiler saw them
    /// when building the caller. PodiumKit has no library evolution, so a plugin compiled against
    /// a PodiumKit whose structs differ (a stored property added, say) would corrupt memory; the
    /// host compares this with its own value and refuses the plugin instead. It cannot see class
    /// layouts (e.g. `View`'s stored properties): rebuild plugins whenever PodiumKit changes.
    /// FNV-1a (Fowler–Noll–Vo), 32-bit.
    @_alwaysEmitIntoClient public static var layoutFingerprint: UInt32 {
        let sizes = [
            MemoryLayout<PluginDescriptor>.size, MemoryLayout<SceneKind>.size, MemoryLayout<SceneParameters>.size,
            MemoryLayout<SceneParameterError>.size, MemoryLayout<JSONValue>.size, MemoryLayout<APIVersion>.size,
            MemoryLayout<Point>.size, MemoryLayout<Size>.size, MemoryLayout<Rect>.size, MemoryLayout<EdgeInsets>.size,
            MemoryLayout<Color>.size, MemoryLayout<Theme>.size, MemoryLayout<Font>.size, MemoryLayout<Pins>.size,
            MemoryLayout<Key>.size, MemoryLayout<InputEvent>.size, MemoryLayout<DrawCommand>.size, MemoryLayout<DrawList>.size,
            MemoryLayout<ControlNode>.size, MemoryLayout<ActionSheet>.size,
        ] + [MemoryLayout<PluginDescriptor>.stride, MemoryLayout<JSONValue>.stride, MemoryLayout<Theme>.stride]
        var h: UInt32 = 2_166_136_261
        for n in sizes { for byte in 0..<4 { h = (h ^ UInt32((n >> (byte * 8)) & 0xFF)) &* 16_777_619 } }
        return h
    }

    /// Builds the entry for `podium_plugin_entry`. `makeDescriptor` runs once, when the host has
    /// accepted the entry's version. The memory is never freed: plugins are never unloaded.
    @_alwaysEmitIntoClient
    public static func export(_ makeDescriptor: @escaping () -> PluginDescriptor) -> UnsafeRawPointer {
        let p = UnsafeMutableRawPointer.allocate(byteCount: Int(layout1Size), alignment: 8)
        p.initializeMemory(as: UInt8.self, repeating: 0, count: Int(layout1Size))
        p.storeBytes(of: magic, toByteOffset: 0, as: UInt32.self)
        p.storeBytes(of: apiMajor, toByteOffset: 4, as: UInt16.self)
        p.storeBytes(of: apiMinor, toByteOffset: 6, as: UInt16.self)
        p.storeBytes(of: layout1Size, toByteOffset: 8, as: UInt32.self)
        p.storeBytes(of: layoutFingerprint, toByteOffset: 12, as: UInt32.self)
        let make: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
            guard let context else { return nil }
            let factory = Unmanaged<DescriptorFactory>.fromOpaque(context).takeUnretainedValue()
            return Unmanaged.passRetained(PluginDescriptorBox(factory.make()) as AnyObject).toOpaque()
        }
        p.storeBytes(of: make, toByteOffset: 16, as: (@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?).self)
        p.storeBytes(of: Unmanaged.passRetained(DescriptorFactory(makeDescriptor)).toOpaque(), toByteOffset: 24,
                     as: UnsafeMutableRawPointer.self)
        return UnsafeRawPointer(p)
    }
}

/// Holds the plugin's descriptor closure behind the entry's `context` pointer.
public final class DescriptorFactory {
    /// The plugin's descriptor function, run once when the host has accepted the entry.
    public let make: () -> PluginDescriptor
    /// Wraps `make`; ``PluginEntry/export(_:)`` keeps the factory alive for the process's life.
    public init(_ make: @escaping () -> PluginDescriptor) { self.make = make }
}

/// The Swift object `make_descriptor` hands back. The host gets it as `AnyObject` and casts it
/// with `as?`: the cast fails (instead of crashing) when the plugin carries its own copy of
/// PodiumKit, whose class is a different type from the host's.
public final class PluginDescriptorBox {
    /// The descriptor the plugin made.
    public let descriptor: PluginDescriptor
    /// Boxes `descriptor` for the C entry point.
    public init(_ descriptor: PluginDescriptor) { self.descriptor = descriptor }
}
