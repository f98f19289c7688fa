import Foundation
import PodiumKit

/// The `map-search` scene: an offline map of real OpenStreetMap data the presenter can pan, zoom
/// and search ("record stores", a place's name, or a band's name for stores that may stock it).
///
/// Parameters (all optional):
/// - `map`: map file made by `tools/osm-convert.py` (default `Assets/Maps/helsinki.sqlite`)
/// - `query`: search run when the scene opens, e.g. "record stores"
/// - `select`: name of a result to select (highlighted for the audience) after that search
/// - `band`: an artist; finds record stores that may stock them (also accepted through `receive`)
/// - `latitude`, `longitude`: map centre in degrees (default: the data's centre)
/// - `zoom`: zoom level for a 1920×1080 view (default: fit the data)
/// - `style`: `standard`, `dark` or `minimal` (a style picked in the scene wins, per deck)
/// - `tiles`: XYZ raster tile URL template, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`
/// - `tileAttribution`: credit line for those tiles
/// - `mbtiles`: path of an MBTiles file (SQLite) used as an offline raster source
/// - `geocoder`: base URL of a Nominatim-compatible search API, used when offline search finds nothing
/// - `bands`: band list store (SQLite) or band JSON whose names a search may read as an artist
///   (default: the band list's own store and `Assets/Bands/bands.json`); any other word that names
///   no place is "No places match" and leaves the room's map as it was
public enum MapSearchPlugin {
    public static func descriptor() -> PluginDescriptor {
        var d = PluginDescriptor(id: "org.podium.map-search", name: "Map Search", version: "1.0.0", sceneKinds: [
            SceneKind(name: "map-search", summary: "Offline OpenStreetMap map with place search (record stores)",
                      validate: { p in
                          _ = try MapSearchOptions(p)
                          // A band list the deck names must be there (the default ones may not be yet).
                          _ = try p.existingFile("bands")
                          // A map file must exist and be SQLite (what tools/osm-convert.py writes).
                          if let url = try p.existingFile("map"),
                             (try? InputFile(path: url.path).read(upTo: 16)) != Data("SQLite format 3\0".utf8) {
                              throw SceneParameterError(path: "\(p.path).map", message: "not a map file (expected SQLite from tools/osm-convert.py): \(url.path)")
                          }
                      },
                      make: { p, ctx in try MapSearchScene(MapSearchOptions(p), parameters: p, context: ctx) })
                .parameterNames(["query", "band", "select", "latitude", "longitude", "zoom", "style", "map", "tiles", "tileAttribution", "mbtiles", "geocoder", "bands"]),
        ])
        // `podium check`: the shipped map a scene without `map` opens must be there (a binary
        // moved away from its Assets: trial 22 F3, where the talk showed an error card and
        // check said OK). A `map` the deck names is checked by `validate`.
        d.sceneKinds[0].checkFiles = { p, r in
            guard (try? p.string("map")) == nil, let assets = r.assetsDirectory else { return .fine }
            let map = assets.appendingPathComponent("Maps/helsinki.sqlite")
            guard !FileManager.default.fileExists(atPath: map.path) else { return .fine }
            return SceneFileCheck(problem: "\(p.path): no map named and the shipped one is not there (\(SafeText.escape(map.path))): name one with \"map\", or set PODIUM_ASSETS to Podium's Assets folder")
        }
        return d
    }
}

/// The scene's parameters, checked; errors name the JSON path.
struct MapSearchOptions {
    var map: String?
    var query: String?
    var select: String?
    var band: String?
    var center: LatLon?
    var zoom: Double?
    var style: MapStyle.Name?
    var tiles: String?
    var tileAttribution: String?
    var mbtiles: String?
    var geocoder: URL?
    var bands: String?

    init(_ p: SceneParameters) throws {
        func fail(_ key: String, _ m: String) -> SceneParameterError { SceneParameterError(path: "\(p.path).\(key)", message: m) }
        map = try p.string("map"); query = try p.string("query"); select = try p.string("select"); band = try p.string("band")
        // Each in range first: {"latitude": 95} is out of range before it is alone.
        let lat = try p.number("latitude", in: -85...85), lon = try p.number("longitude", in: -180...180)
        switch (lat, lon) {
        case let (a?, o?):
            center = LatLon(lat: a, lon: o)
        case (nil, nil): break
        default: throw fail(lat == nil ? "latitude" : "longitude", "latitude and longitude go together")
        }
        zoom = try p.number("zoom")
        if let z = zoom, !Viewport.zoomRange.contains(z) { throw fail("zoom", "expected \(Int(Viewport.zoomRange.lowerBound))…\(Int(Viewport.zoomRange.upperBound)), found \(z)") }
        if let s = try p.string("style") {
            guard let n = MapStyle.Name(rawValue: s) else { throw fail("style", "expected one of standard, dark, minimal, found \(SafeText.quote(s))") }
            style = n
        }
        tiles = try p.string("tiles")
        if let t = tiles, !(t.contains("{z}") && t.contains("{x}") && t.contains("{y}")) || URL(string: t.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: ""))?.scheme == nil {
            throw fail("tiles", "expected a URL template with {z}, {x} and {y}, found \(SafeText.quote(t))")
        }
        tileAttribution = try p.string("tileAttribution")
        mbtiles = try p.string("mbtiles")
        bands = try p.string("bands")
        if let g = try p.string("geocoder") {
            guard let u = URL(string: g), u.scheme == "http" || u.scheme == "https" else { throw fail("geocoder", "expected an http(s) URL, found \(SafeText.quote(g))") }
            geocoder = u
        }
    }
}
