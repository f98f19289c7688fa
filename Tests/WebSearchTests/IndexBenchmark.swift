import Foundation
import XCTest
import WebSearchScene

/// Figures for `scripts/bench-websearch.sh`: builds an index of generated band pages and times
/// queries. Prints figures and asserts only correctness (no timing assertions). Runs with 100
/// documents in the normal suite; the bench script sets `WEBSEARCH_BENCH_DOCS=1000`.
final class IndexBenchmark: XCTestCase {
    func testIndexAndQueryFigures() throws {
        let count = Int(ProcessInfo.processInfo.environment["WEBSEARCH_BENCH_DOCS"] ?? "") ?? 100
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let docs = dir.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        var rng = SplitMix(seed: 42)
        let words = ["guitar", "drums", "bass", "tour", "album", "single", "stage", "festival", "Bristol", "Reykjavík", "Кино",
                     "группа", "五月天", "Ärzte", "Rós", "vinyl", "studio", "label", "chorus", "encore", "crowd", "ballad",
                     "punk", "trip-hop", "synth", "lyrics", "producer", "session", "radio", "charts"] + (0..<400).map { "word\($0)" }
        var bytes = 0
        for i in 0..<count {
            var md = "---\ntitle: Band \(i)\nurl: https://wiki.example/Band_\(i)\n---\n# Band \(i)\n\n"
            for p in 0..<4 {
                md += (p == 2 ? "## Records\n\n" : "") + (0..<80).map { _ in words[rng.next(words.count)] }.joined(separator: " ") + ".\n\n"
            }
            bytes += md.utf8.count
            try Data(md.utf8).write(to: docs.appendingPathComponent(String(format: "band-%04d.md", i)))
        }
        let db = dir.appendingPathComponent("index.sqlite")
        let index = try DocumentIndex(folder: docs, databaseURL: db)

        let (cold, coldMS) = try time { try index.sync() }
        XCTAssertEqual(cold.added, count)
        let (warm, warmMS) = try time { try index.sync() }
        XCTAssertEqual(warm.unchanged, count)
        for i in 0..<10 { try Data("# Band \(i)\n\nrewritten with zeppelin".utf8).write(to: docs.appendingPathComponent(String(format: "band-%04d.md", i))) }
        let (changed, changedMS) = try time { try index.sync() }
        XCTAssertEqual(changed.updated, 10)

        let queries = ["guitar", "bristol festival", "reykjavik", "кино группа", "五月天", "arzte", "rec", "zeppelin", "word17 word230", "encore crowd ballad"]
        var perQuery: [Double] = []
        var hits = 0
        for _ in 0..<20 { for q in queries { let (h, ms) = try time { try index.search(q, limit: 10) }; perQuery.append(ms); hits += h.count } }
        XCTAssertEqual(try index.search("zeppelin").count, 10)
        XCTAssertGreaterThan(hits, 0)
        let provider = OfflineProvider(index: index)
        var withSync: [Double] = []
        for q in queries { let (_, ms) = time { _ = provider.search(q, limit: 10) { _ in } }; withSync.append(ms) }

        perQuery.sort(); withSync.sort()
        let size = (try FileManager.default.attributesOfItem(atPath: db.path)[.size] as? Int ?? 0)
            + ((try? FileManager.default.attributesOfItem(atPath: db.path + "-wal")[.size] as? Int) ?? 0)
        print(String(format: """
            websearch: documents                     %d (%.1f MB of Markdown)
            websearch: index from scratch            %.0f ms (%.2f ms/document)
            websearch: re-sync, nothing changed      %.1f ms
            websearch: re-sync, 10 files changed     %.1f ms
            websearch: query latency (search only)   median %.2f ms, p95 %.2f ms, max %.2f ms (%d queries, top 10)
            websearch: query latency (provider: sync + search) median %.1f ms
            websearch: index size on disk            %.1f MB
            """, count, Double(bytes) / 1e6, coldMS, coldMS / Double(count), warmMS, changedMS,
                     perQuery[perQuery.count / 2], perQuery[perQuery.count * 95 / 100], perQuery.last!, perQuery.count,
                     withSync[withSync.count / 2], Double(size) / 1e6))
    }

    private func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let r = try body()
        return (r, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
}

/// A small deterministic generator (SplitMix64), so every run indexes the same text.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}

/// Figures for the online provider: search round trips through URLSession (libcurl) to the
/// recorded-response wiki on loopback, so they measure Podium's own HTTP and parsing overhead.
final class OnlineBenchmark: XCTestCase {
    func testLoopbackRoundTripFigures() throws {
        let wiki = try LoopbackWiki()
        defer { wiki.stop() }
        let provider = try MediaWikiProvider(endpoint: wiki.endpoint, timeout: 5)
        var times: [Double] = []
        nonisolated(unsafe) var titles: [String] = []   // written before `done` is signalled
        for _ in 0..<30 {
            let done = DispatchSemaphore(value: 0)
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = provider.search("Radiohead", limit: 10) { r in titles = (try? r.get().map(\.title)) ?? []; done.signal() }
            done.wait()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        XCTAssertEqual(titles, ["Radiohead", "Radiohead discography", "Kid A"])
        times.sort()
        print(String(format: "websearch: online search round trip (loopback) median %.1f ms, p95 %.1f ms (%d requests; fastest %.1f ms)",
                     times[times.count / 2], times[times.count * 95 / 100], times.count, times.first!))
    }
}
