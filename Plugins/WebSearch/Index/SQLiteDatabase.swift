import CSQLite
import Foundation

/// A thin wrapper over one SQLite connection: open, run statements, bind, step. Not thread-safe;
/// the scene uses it from the main thread only.
final class SQLiteDatabase {
    /// A failed SQLite call: what we tried and SQLite's own message.
    struct Error: Swift.Error, CustomStringConvertible {
        var description: String
    }

    private var db: OpaquePointer?
    let path: String

    /// Opens (creating if needed) the database at `path`. Throws naming the path and SQLite's reason.
    init(path: String) throws {
        self.path = path
        let rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK else {
            let why = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw Error(description: "\(path): cannot open index database: \(why)")
        }
        sqlite3_busy_timeout(db, 2000)
    }

    deinit { sqlite3_close_v2(db) }

    private var message: String { String(cString: sqlite3_errmsg(db)) }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw Error(description: "\(path): \(message) (in: \(sql.prefix(60)))") }
    }

    /// Runs `sql` with `bindings` (1-based positional) and calls `row` for each result row.
    func query(_ sql: String, _ bindings: [Value] = [], row: (Row) throws -> Void = { _ in }) throws {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else {
            throw Error(description: "\(path): \(message) (in: \(sql.prefix(60)))")
        }
        defer { sqlite3_finalize(stmt) }
        for (i, v) in bindings.enumerated() {
            let at = Int32(i + 1)
            switch v {
            case let .int(n): sqlite3_bind_int64(stmt, at, n)
            case let .real(d): sqlite3_bind_double(stmt, at, d)
            case let .text(s): sqlite3_bind_text(stmt, at, s, -1, podium_sqlite_transient())
            case .null: sqlite3_bind_null(stmt, at)
            }
        }
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw Error(description: "\(path): \(message)") }
            try row(Row(stmt: stmt))
        }
    }

    /// Runs `body` inside one transaction, rolling back when it throws.
    func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do { try body(); try execute("COMMIT") } catch { try? execute("ROLLBACK"); throw error }
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(db) }

    enum Value { case int(Int64), real(Double), text(String), null }

    /// The current row of a statement; valid only inside the `query` callback.
    struct Row {
        let stmt: OpaquePointer?
        func int(_ i: Int32) -> Int64 { sqlite3_column_int64(stmt, i) }
        func double(_ i: Int32) -> Double { sqlite3_column_double(stmt, i) }
        func text(_ i: Int32) -> String? { sqlite3_column_text(stmt, i).map { String(cString: $0) } }
    }
}
