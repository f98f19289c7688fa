import Foundation
import PodiumSQLite

/// A full-text index (SQLite FTS5) over the Markdown, HTML and plain-text files in one folder.
///
/// - Tokenizer: `unicode61 remove_diacritics 2`, so case and accents do not matter in any script
///   ("sigur ros" finds "Sigur Rós", "кино" finds "Кино").
/// - Ranking: FTS5's BM25 with the title weighted 10× the body (sqlite.org/fts5.html §5.1.1).
/// - Snippets: FTS5 `snippet()` on the body, matches between `HighlightedText` markers.
/// - Incremental: `sync()` compares each file's modification time and size with what was indexed
///   and re-reads only new or changed files; deleted files leave the index.
///
/// Not thread-safe: use from one thread (the scene's main thread).
public final class DocumentIndex {
    /// What one `sync()` did.
    public struct SyncReport: Equatable, Sendable {
        public var added = 0, updated = 0, removed = 0, unchanged = 0
        /// Files that could not be read, each message naming the file.
        public var failures: [String] = []
        public var changed: Bool { added + updated + removed > 0 }
    }

    /// One hit, before it becomes a provider's `SearchResult`.
    public struct Hit: Equatable, Sendable {
        /// Path relative to the folder.
        public var path: String
        public var title: String
        public var url: String?
        public var snippet: HighlightedText
        /// BM25 score as FTS5 reports it: lower (more negative) is better.
        public var score: Double
    }

    public let folder: URL
    private let db: SQLiteDatabase
    /// Bumped whenever the table layout or the text extraction changes: a mismatch rebuilds.
    static let schemaVersion = 3

    /// Opens or creates the index database at `databaseURL` for the documents in `folder`.
    /// Throws `SearchError.index` naming the database when it cannot be opened or created.
    public init(folder: URL, databaseURL: URL) throws {
        self.folder = folder.standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            db = try SQLiteDatabase(path: databaseURL.path, busyTimeout: 2000)
            try db.enableWAL(synchronous: "NORMAL")
            // The index is a cache of the folder: any other version is rebuilt, not migrated.
            if try db.userVersion() != Self.schemaVersion {
                try db.execute("""
                    DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS pages;
                    CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, mtime REAL NOT NULL,
                                       size INTEGER NOT NULL, title TEXT NOT NULL, url TEXT);
                    CREATE VIRTUAL TABLE pages USING fts5(title, body, tokenize='unicode61 remove_diacritics 2');
                    PRAGMA user_version = \(Self.schemaVersion);
                    """)
            }
        } catch let e as SQLiteDatabase.Error { throw SearchError.index(e.description) }
        catch { throw SearchError.index("\(databaseURL.path): \(error.localizedDescription)") }
    }

    /// Where the index for `folder` lives inside a plugin's data directory: one database per
    /// folder, named by a hash of its path (FNV-1a, 64-bit).
    public static func databaseURL(for folder: URL, in dataDirectory: URL) -> URL {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in folder.standardizedFileURL.path.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return dataDirectory.appendingPathComponent("index-\(String(h, radix: 16)).sqlite")
    }

    /// Brings the index up to date with the folder. Throws `SearchError.index` when the folder
    /// cannot be listed or the database cannot be written.
    @discardableResult
    public func sync() throws -> SyncReport {
        var report = SyncReport()
        let onDisk = try scan()
        var known: [String: (id: Int64, mtime: Double, size: Int64)] = [:]
        do {
            try db.query("SELECT id, path, mtime, size FROM files") { r in known[r.text(1) ?? ""] = (r.int(0), r.double(2), r.int(3)) }
            try db.transaction {
                for (path, stat) in onDisk.sorted(by: { $0.key < $1.key }) {
                    let old = known.removeValue(forKey: path)
                    if let o = old, o.mtime == stat.mtime, o.size == stat.size { report.unchanged += 1; continue }
                    let doc: ReaderDocument
                    do { doc = try ReaderDocument.load(folder.appendingPathComponent(path)) }
                    catch { report.failures.append("\(error)"); if let o = old { try remove(o.id) }; continue }
                    if let o = old {
                        try db.query("UPDATE files SET mtime = ?, size = ?, title = ?, url = ? WHERE id = ?",
                                     [.real(stat.mtime), .integer(stat.size), .text(doc.title), doc.url.map { .text($0) } ?? .null, .integer(o.id)])
                        try db.query("DELETE FROM pages WHERE rowid = ?", [.integer(o.id)])
                        try db.query("INSERT INTO pages(rowid, title, body) VALUES (?, ?, ?)", [.integer(o.id), .text(doc.title), .text(doc.bodyText)])
                        report.updated += 1
                    } else {
                        try db.query("INSERT INTO files(path, mtime, size, title, url) VALUES (?, ?, ?, ?, ?)",
                                     [.text(path), .real(stat.mtime), .integer(stat.size), .text(doc.title), doc.url.map { .text($0) } ?? .null])
                        try db.query("INSERT INTO pages(rowid, title, body) VALUES (?, ?, ?)", [.integer(db.lastInsertRowID), .text(doc.title), .text(doc.bodyText)])
                        report.added += 1
                    }
                }
                // Whatever is left in `known` is gone from disk.
                for (_, o) in known { try remove(o.id); report.removed += 1 }
            }
        } catch let e as SQLiteDatabase.Error { throw SearchError.index(e.description) }
        return report
    }

    private func remove(_ id: Int64) throws {
        try db.query("DELETE FROM pages WHERE rowid = ?", [.integer(id)])
        try db.query("DELETE FROM files WHERE id = ?", [.integer(id)])
    }

    /// Supported files under the folder (recursively, hidden files skipped): relative path →
    /// (modification time in seconds since 1970, size in bytes).
    private func scan() throws -> [String: (mtime: Double, size: Int64)] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDir), isDir.boolValue else {
            throw SearchError.index("\(folder.path): documents folder not found")
        }
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            throw SearchError.index("\(folder.path): cannot list folder")
        }
        var out: [String: (Double, Int64)] = [:]
        // The enumerator builds each URL from `folder`, so the relative path is a prefix strip
        // (resolving symlinks per file would cost a syscall per path component).
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        for case let url as URL in e where DocumentKind(url) != nil {
            var st = stat()
            guard stat(url.path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let full = url.path
            let rel = full.hasPrefix(base) ? String(full.dropFirst(base.count)) : url.lastPathComponent
            out[rel] = (Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9, Int64(st.st_size))
        }
        return out
    }

    /// Number of indexed documents.
    public func count() throws -> Int {
        var n: Int64 = 0
        do { try db.query("SELECT count(*) FROM files") { n = $0.int(0) } } catch let e as SQLiteDatabase.Error { throw SearchError.index(e.description) }
        return Int(n)
    }

    /// The best `limit` documents for `query`, best first: all terms required, and when that finds
    /// nothing, any term (`SearchQuery.terms`: no stop words, no possessive "'s", so a page sharing
    /// only "the" or "s" with the query is no hit). Empty for a query with no words. Throws
    /// `SearchError.index`.
    public func search(_ query: String, limit: Int = 20) throws -> [Hit] {
        guard let all = SearchQuery.match(query, conjunction: true) else { return [] }
        let hits = try run(all, limit: limit)
        if !hits.isEmpty || SearchQuery.terms(query).count < 2 { return hits }
        return try run(SearchQuery.match(query, conjunction: false)!, limit: limit)
    }

    private func run(_ match: String, limit: Int) throws -> [Hit] {
        var hits: [Hit] = []
        let sql = """
            SELECT f.path, f.title, f.url, snippet(pages, 1, ?, ?, '…', 16), bm25(pages, 10.0, 1.0) AS score
            FROM pages JOIN files f ON f.id = pages.rowid
            WHERE pages MATCH ? ORDER BY score LIMIT ?
            """
        do {
            try db.query(sql, [.text(HighlightedText.openMarker), .text(HighlightedText.closeMarker), .text(match), .integer(Int64(limit))]) { r in
                hits.append(Hit(path: r.text(0) ?? "", title: r.text(1) ?? "", url: r.text(2),
                                snippet: HighlightedText(marked: r.text(3) ?? ""), score: r.double(4)))
            }
        } catch let e as SQLiteDatabase.Error { throw SearchError.index(e.description) }
        return hits
    }
}
