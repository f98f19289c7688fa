import Foundation
import PodiumKit

/// Raster tiles over the vector basemap: fetches the tiles a viewport needs from its source,
/// keeps them in a disk cache (`<cache>/<source>/<z>/<x>/<y>.<ext>`), and draws those it has.
/// Missing or failed tiles leave the vector basemap showing, with a notice.
@MainActor
final class TileLayer {
    let source: TileSource
    let directory: URL
    let attribution: String?
    let inbox = MainInbox()
    /// Called on the main thread when tiles arrived (redraw).
    var onUpdate: (() -> Void)?
    /// Called when a fetch starts, so the owner drains `inbox` until it is done.
    private var inFlight: Set<TileKey> = []
    private var failed: [TileKey: String] = [:]
    private var onDisk: [TileKey: String] = [:]
    /// Requests made to the source (tests check the cache through it).
    private(set) var requests = 0

    init(source: TileSource, cacheDirectory: URL, attribution: String?) {
        self.source = source; self.attribution = attribution
        directory = cacheDirectory.appendingPathComponent(source.cacheName)
    }

    /// Tiles covering `vp` at the nearest integer zoom the source has.
    func keys(for vp: Viewport) -> [TileKey] {
        let z = max(0, min(source.maxZoom, Int(vp.zoom.rounded())))
        let n = 1 << z
        let tl = vp.world(at: .zero), br = vp.world(at: Point(vp.size.width, vp.size.height))
        let x0 = max(0, Int(floor(tl.x * Double(n)))), x1 = min(n - 1, Int(floor(br.x * Double(n))))
        let y0 = max(0, Int(floor(tl.y * Double(n)))), y1 = min(n - 1, Int(floor(br.y * Double(n))))
        guard x0 <= x1, y0 <= y1 else { return [] }
        return (y0...y1).flatMap { y in (x0...x1).map { TileKey(z: z, x: $0, y: y) } }
    }

    /// Where `k` sits in the view, in points.
    func rect(_ k: TileKey, _ vp: Viewport) -> Rect {
        let n = Double(1 << k.z)
        let a = vp.point(WorldPoint(Double(k.x) / n, Double(k.y) / n)), b = vp.point(WorldPoint(Double(k.x + 1) / n, Double(k.y + 1) / n))
        return Rect(a.x, a.y, b.x - a.x, b.y - a.y)
    }

    /// Draws the cached tiles for `vp` and requests the rest. Returns whether every visible
    /// tile was drawn, and a notice when some failed.
    func draw(_ vp: Viewport, into list: inout DrawList) -> (complete: Bool, notice: String?) {
        var complete = true
        var problems: [String] = []
        for k in keys(for: vp) {
            // Tiles being fetched or known to have failed are not looked for on disk each frame.
            let known = failed[k] != nil || inFlight.contains(k)
            var path = known ? onDisk[k] : cachedPath(k)
            if path == nil, !known { request(k); path = onDisk[k] }   // MBTiles answer at once
            if let path {
                list.image(path, in: rect(k, vp))
            } else {
                complete = false
                if let why = failed[k] { problems.append(why) }
            }
        }
        let notice = problems.first.map { "Map tiles unavailable (\($0)) — showing the offline map" }
        return (complete, notice)
    }

    /// The cache file for `k` if it is there (found on disk once, then remembered).
    func cachedPath(_ k: TileKey) -> String? {
        if let p = onDisk[k] { return p }
        for ext in ["png", "jpg", "webp"] {
            let p = file(k, ext).path
            guard FileManager.default.fileExists(atPath: p) else { continue }
            // A cache file from elsewhere (or an older Podium) is held to the same bounds.
            if let why = TileImage.refusal(p, key: k) { failed[k] = why; return nil }
            onDisk[k] = p; return p
        }
        return nil
    }

    private func file(_ k: TileKey, _ ext: String) -> URL {
        directory.appendingPathComponent("\(k.z)/\(k.x)/\(k.y).\(ext)")
    }

    private func request(_ k: TileKey) {
        guard !inFlight.contains(k) else { return }
        inFlight.insert(k)
        requests += 1
        let dir = directory
        let sync = source.isSynchronous
        if !sync { inbox.begin() }
        // The layer is a main-actor type: the fetching thread touches it only through the inbox (run on
        // main), and a synchronous source calls back on the caller's (main) thread.
        source.fetch(k) { [inbox, weak self] result in
            // Validate and write on the fetching thread; only bookkeeping happens on main.
            let outcome: Result<String, TileError>
            switch result {
            case let .failure(e): outcome = .failure(e)
            case let .success(data):
                if data.count > TileImage.maxFileBytes {
                    outcome = .failure(TileError(description: "tile \(k) is \(data.count >> 10) KB, more than the \(TileImage.maxFileBytes >> 20) MB allowed"))
                } else if let ext = TileImage.format(of: data) {
                    let url = dir.appendingPathComponent("\(k.z)/\(k.x)/\(k.y).\(ext)")
                    do {
                        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try data.write(to: url, options: .atomic)
                        // Pixel size from the header, before the renderer would decode it.
                        if let why = TileImage.refusal(url.path, key: k) {
                            try? FileManager.default.removeItem(at: url)
                            outcome = .failure(TileError(description: why))
                        } else {
                            outcome = .success(url.path)
                        }
                    } catch { outcome = .failure(TileError(description: "cannot write tile cache: \(error.localizedDescription)")) }
                } else {
                    outcome = .failure(TileError(description: "tile \(k) is not an image"))
                }
            }
            if sync { MainActor.assumeIsolated { self?.finish(k, outcome) } } else { inbox.post { self?.finish(k, outcome) } }
        }
    }

    private func finish(_ k: TileKey, _ r: Result<String, TileError>) {
        inFlight.remove(k)
        switch r {
        case let .success(p): onDisk[k] = p; failed[k] = nil
        case let .failure(e): failed[k] = e.description
        }
        onUpdate?()
    }

    /// Forgets failures so they are tried again (the network may be back).
    func retryFailed() { failed.removeAll() }
}
