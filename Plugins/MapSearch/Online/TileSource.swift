import CImageHeader
import Foundation
import PodiumSQLite

/// One raster tile address in the XYZ scheme (y grows south, as OSM's servers use).
struct TileKey: Hashable, Sendable, CustomStringConvertible {
    var z, x, y: Int
    var description: String { "\(z)/\(x)/\(y)" }
}

/// Where raster tiles come from: an XYZ URL template online, or an MBTiles file.
protocol TileSource: AnyObject {
    /// Folder name under the tile cache (one per source, so sources never mix).
    var cacheName: String { get }
    /// Highest zoom the source serves.
    var maxZoom: Int { get }
    /// True when `fetch` answers before it returns (a local file): the tile is drawn in the
    /// same frame instead of after a round trip through the main-thread inbox.
    var isSynchronous: Bool { get }
    /// Fetches one tile's image bytes; `done` may run on any thread.
    func fetch(_ key: TileKey, _ done: @escaping @Sendable (Result<Data, TileError>) -> Void)
}

struct TileError: Error, CustomStringConvertible, Equatable {
    var description: String
}

/// Tiles from an XYZ template such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`.
final class XYZTileSource: TileSource {
    let template: String
    let client: HTTPClient
    let maxZoom: Int
    var isSynchronous: Bool { false }
    init(template: String, maxZoom: Int = 19, client: HTTPClient = HTTPClient(maxBytes: TileImage.maxFileBytes)) {
        self.template = template; self.maxZoom = maxZoom; self.client = client
    }
    /// A stable short name from the template (FNV-1a), so a changed template starts a fresh cache.
    var cacheName: String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in template.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return "xyz-" + String(h, radix: 16)
    }
    func url(_ k: TileKey) -> URL? {
        URL(string: template.replacingOccurrences(of: "{z}", with: "\(k.z)").replacingOccurrences(of: "{x}", with: "\(k.x)")
            .replacingOccurrences(of: "{y}", with: "\(k.y)"))
    }
    func fetch(_ key: TileKey, _ done: @escaping @Sendable (Result<Data, TileError>) -> Void) {
        guard let u = url(key) else { done(.failure(TileError(description: "bad tile URL from template \(template)"))); return }
        client.get(u) { r in done(r.mapError { TileError(description: "\($0)") }) }
    }
}

/// Tiles from an MBTiles file (SQLite, https://github.com/mapbox/mbtiles-spec): table
/// `tiles(zoom_level, tile_column, tile_row, tile_data)` with TMS rows (y grows north).
final class MBTilesSource: TileSource {
    let path: String
    let db: SQLiteDatabase
    let maxZoom: Int
    var isSynchronous: Bool { true }
    /// Throws naming the file when it is missing or has no `tiles` table.
    init(path: String) throws {
        self.path = path
        do { db = try MapFile.open(path) } catch { throw TileError(description: "\(error)") }
        var maxZ = -1
        do { try db.query("SELECT MAX(zoom_level) FROM tiles") { maxZ = Int($0.int(0)) } }
        catch { throw TileError(description: "\(path): not an MBTiles file (\(error))") }
        maxZoom = max(0, maxZ)
    }
    var cacheName: String { "mbtiles-" + URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
    /// Reads synchronously: a local SQLite lookup is far cheaper than a thread hop.
    func fetch(_ key: TileKey, _ done: @escaping @Sendable (Result<Data, TileError>) -> Void) {
        var data: Data?
        do {
            try db.query("SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                         [key.z, key.x, (1 << key.z) - 1 - key.y].map { .integer(Int64($0)) }) { data = $0.data(0) }
        } catch { done(.failure(TileError(description: "\(error)"))); return }
        guard let data else { done(.failure(TileError(description: "no tile \(key) in \(URL(fileURLWithPath: path).lastPathComponent)"))); return }
        done(.success(data))
    }
}

/// Image formats tile servers send, recognised by their magic bytes, and the bounds a tile must
/// keep (tiles are 256 or 512 pixels; anything far larger is an error or an attack).
enum TileImage {
    /// Largest tile file accepted, in bytes (downloads stop there too).
    static let maxFileBytes = 2 << 20
    /// Largest tile side, in pixels, read from the header before anything decodes it.
    static let maxSide = 4096

    /// Why the tile file at `path` is refused (not an image, or too many pixels), or nil.
    static func refusal(_ path: String, key: TileKey) -> String? {
        var w = 0, h = 0
        guard podium_image_header_size(path, &w, &h) == 0 else { return "tile \(key) is not a complete image" }
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            return "tile \(key) is \(w)×\(h) pixels, larger than the \(maxSide)×\(maxSide) allowed"
        }
        return nil
    }

    /// "png", "jpg" or "webp", or nil when the bytes are not an image (an HTML error page, a
    /// truncated download).
    static func format(of d: Data) -> String? {
        let b = [UInt8](d.prefix(12))
        if b.count >= 8, b[0...7] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], d.count > 33 { return "png" }
        if b.count >= 3, b[0...2] == [0xFF, 0xD8, 0xFF], d.suffix(2) == Data([0xFF, 0xD9]) { return "jpg" }
        if b.count >= 12, b[0...3] == [0x52, 0x49, 0x46, 0x46], b[8...11] == [0x57, 0x45, 0x42, 0x50] { return "webp" }
        return nil
    }
}
