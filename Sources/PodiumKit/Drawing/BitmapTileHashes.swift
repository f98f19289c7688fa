/// Hashes of a bitmap's pixels by square tiles, made where the pixels are made (the PDF page
/// worker, when it packs a page), so the renderer can copy to a window only the tiles in which
/// the page it shows next differs from the one it shows now (issue 19: pages of a real deck share
/// their template). A `Bitmap`'s `pixelSource` may conform. Added after API 3.0 (additive).
public protocol BitmapTileHashes: AnyObject, Sendable {
    /// A tile's side in pixels (> 0). Tiles are row-major from the top left, ⌈width / tileSize⌉
    /// to a row; those of the last column and row are cut at the bitmap's edges.
    var tileSize: Int { get }
    /// One 64-bit hash per tile, of the tile's pixel bytes: equal hashes mean equal pixels (up
    /// to a 2⁻⁶⁴ chance per tile compared), so the renderer may skip copying such a tile.
    var tileHashes: [UInt64] { get }
}
