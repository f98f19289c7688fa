import CSQLite
import Foundation
import PodiumKit

/// A thin wrapper over one SQLite connection (Debian's libsqlite3): prepare, bind, step.
/// Errors carry SQLite's message and the file path.
final class SQLiteConnection {
    struct Error: Swift.Error, CustomStringConvertible { var description: String }
    let path: String
    private var db: OpaquePointer?

    /// Opens `path`; `readOnly` fails rather than creating a missing file.
    init(path: String, readOnly: Bool = true) throws {
        self.path = path
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        // SQLite takes a path: check it first (a FIFO would block the open, a directory or /proc
        // file would fail obscurely). Map files can be large, hence the generous limit.
        if readOnly {
            do { try InputFile.check(path, maxBytes: 1 << 36) }
            catch let e as InputFileError { throw Error(description: e.reason == .missing ? "\(SafeText.escape(path)): no such file" : e.description) }
        }
        guard sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            let msg = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db); db = nil
            throw Error(description: "\(path): \(msg)")
        }
    }
    deinit { sqlite3_close(db) }

    /// Runs `sql` with `args` (String, Double, Int, Data or nil) and calls `row` for each result row.
    func query(_ sql: String, _ args: [Any?] = [], row: (Statement) throws -> Void) throws {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else { throw failure(sql) }
        defer { sqlite3_finalize(stmt) }
        for (i, a) in args.enumerated() {
            let n = Int32(i + 1)
            switch a {
            case let s as String: sqlite3_bind_text(stmt, n, s, -1, podium_sqlite_transient())
            case let d as Double: sqlite3_bind_double(stmt, n, d)
            case let v as Int: sqlite3_bind_int64(stmt, n, Int64(v))
            case let data as Data:
                _ = data.withUnsafeBytes { sqlite3_bind_blob(stmt, n, $0.baseAddress, Int32(data.count), podium_sqlite_transient()) }
            default: sqlite3_bind_null(stmt, n)
            }
        }
        let s = Statement(stmt)
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw failure(sql) }
            try row(s)
        }
    }

    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ args: [Any?] = []) throws { try query(sql, args) { _ in } }

    private func failure(_ sql: String) -> Error {
        Error(description: "\(path): \(String(cString: sqlite3_errmsg(db))) (in \(sql.prefix(60)))")
    }

    /// The current row of a query; columns are 0-based.
    struct Statement {
        let stmt: OpaquePointer
        init(_ s: OpaquePointer) { stmt = s }
        func int(_ i: Int32) -> Int { Int(sqlite3_column_int64(stmt, i)) }
        func double(_ i: Int32) -> Double { sqlite3_column_double(stmt, i) }
        func string(_ i: Int32) -> String? { sqlite3_column_text(stmt, i).map { String(cString: $0) } }
        /// Calls `body` with the blob's bytes without copying them.
        func blob<T>(_ i: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
            body(UnsafeRawBufferPointer(start: sqlite3_column_blob(stmt, i), count: Int(sqlite3_column_bytes(stmt, i))))
        }
        func data(_ i: Int32) -> Data { blob(i) { Data($0) } }
    }
}
