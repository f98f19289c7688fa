import CSQLite
import Foundation

/// One SQLite connection (Debian's libsqlite3), shared by every plugin that keeps a database:
/// opening (read-write, read-only or immutable), statements with bound values, rows,
/// transactions, busy handling, WAL and schema migrations by `PRAGMA user_version`.
/// Every error names the database file and carries SQLite's own message and result code.
/// A connection is serialized by SQLite (`SQLITE_OPEN_FULLMUTEX`), so it may be shared between
/// threads, though a transaction belongs to whichever thread runs it.
public final class SQLiteDatabase {
    public struct Error: Swift.Error, CustomStringConvertible {
        public var path: String
        /// SQLite's primary result code (`SQLITE_NOTADB`, `SQLITE_FULL`, `SQLITE_READONLY`, …).
        public var code: Int32
        /// SQLite's message (or what failed), without the path.
        public var message: String
        /// The start of the statement that failed, when one did.
        public var statement: String?
        public var description: String { "\(path): \(message)" + (statement.map { " (in: \($0))" } ?? "") }
        public init(path: String, code: Int32, message: String, statement: String? = nil) {
            self.path = path; self.code = code; self.message = message; self.statement = statement
        }
    }

    /// How a database is opened: `readWrite` (creating the file when `create`); `readOnly` takes
    /// SQLite's locks as usual (and needs the WAL's `-shm` file to exist or be creatable);
    /// `immutable` takes none, for a file on a read-only medium or in a folder this user cannot write.
    public enum Mode: Equatable { case readWrite(create: Bool), readOnly, immutable }

    public let path: String
    private var handle: OpaquePointer?

    /// Opens the database at `path`. Nothing is read yet: SQLite checks the file header on the
    /// first statement. A statement that finds the file locked by another connection retries
    /// for `busyTimeout` milliseconds before failing with `SQLITE_BUSY`.
    /// - Throws: `Error` with `SQLITE_CANTOPEN` and SQLite's reason.
    public init(path: String, mode: Mode = .readWrite(create: true), busyTimeout: Int32 = 5000) throws {
        self.path = path
        var flags = SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI
        switch mode {
        case let .readWrite(create): flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        case .readOnly, .immutable: flags |= SQLITE_OPEN_READONLY
        }
        // A URI, so the read-only modes can say so; the path is percent-encoded into it.
        var allowed = CharacterSet.urlPathAllowed; allowed.remove(charactersIn: "?#%")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let uri = "file:" + encoded + (mode == .readOnly ? "?mode=ro" : mode == .immutable ? "?mode=ro&immutable=1" : "")
        let rc = sqlite3_open_v2(uri, &handle, flags, nil)
        if rc != SQLITE_OK {
            let msg = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw Error(path: path, code: rc & 0xFF, message: "cannot open: \(msg)")
        }
        sqlite3_extended_result_codes(handle, 0)
        sqlite3_busy_timeout(handle, busyTimeout)
    }

    deinit { sqlite3_close_v2(handle) }

    private func fail(_ rc: Int32, _ sql: String) -> Error {
        Error(path: path, code: rc & 0xFF, message: String(cString: sqlite3_errmsg(handle)), statement: String(sql.prefix(60)))
    }

    // MARK: Statements

    /// Runs one or more `;`-separated statements that take no arguments; rows are ignored.
    public func execute(_ sql: String) throws {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let msg = err.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(err)
            throw Error(path: path, code: rc & 0xFF, message: msg, statement: String(sql.prefix(60)))
        }
    }

    /// Runs one statement with `arguments` bound to its `?` in order, calling `row` for each
    /// result row (the `Row` is valid only during the call).
    public func query(_ sql: String, _ arguments: [Value] = [], row: (Row) throws -> Void = { _ in }) throws {
        var stmt: OpaquePointer?
        var rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw fail(rc, sql) }
        defer { sqlite3_finalize(stmt) }
        for (i, a) in arguments.enumerated() {
            let n = Int32(i + 1)
            switch a {
            case .null: rc = sqlite3_bind_null(stmt, n)
            case let .integer(v): rc = sqlite3_bind_int64(stmt, n, v)
            case let .real(v): rc = sqlite3_bind_double(stmt, n, v)
            case let .text(s): rc = sqlite3_bind_text(stmt, n, s, -1, podium_sqlite_transient())
            case let .blob(d):
                rc = d.withUnsafeBytes { sqlite3_bind_blob64(stmt, n, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(d.count), podium_sqlite_transient()) }
            }
            guard rc == SQLITE_OK else { throw fail(rc, sql) }
        }
        let r = Row(stmt: stmt)
        while true {
            rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw fail(rc, sql) }
            try row(r)
        }
    }

    /// Runs one statement and returns every row as values.
    @discardableResult
    public func rows(_ sql: String, _ arguments: [Value] = []) throws -> [[Value]] {
        var out: [[Value]] = []
        try query(sql, arguments) { r in out.append((0..<r.count).map(r.value)) }
        return out
    }

    /// The first column of the first row, or nil when there is none.
    public func scalar(_ sql: String, _ arguments: [Value] = []) throws -> Value? {
        try rows(sql, arguments).first?.first
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    // MARK: Transactions

    /// Runs `body` in an immediate transaction (the write lock is taken at once, so two writers
    /// wait on the busy timeout instead of failing halfway): committed when it returns, rolled
    /// back when it throws, so a failed import or a full disk leaves the file as it was.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let r = try body()
            try execute("COMMIT")
            return r
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in a read transaction: every query in it sees one snapshot of the file.
    public func read<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    // MARK: Journal and schema

    /// Switches the file to write-ahead logging (readers never wait for the writer) with
    /// `synchronous` (`FULL`: a committed edit survives power loss; `NORMAL`: it may be lost
    /// but the file stays consistent). Switching a new file needs an exclusive lock, and SQLite
    /// answers "locked" without calling the busy handler while another process opens the same
    /// new file, so this retries for up to 5 s as the busy timeout would.
    public func enableWAL(synchronous: String = "FULL") throws {
        for attempt in 0... {
            do { try rows("PRAGMA journal_mode = WAL"); break }
            catch let e as Error where (e.code == SQLITE_LOCKED || e.code == SQLITE_BUSY || e.message.contains("locked")) && attempt < 100 {
                usleep(50_000)
            }
        }
        try execute("PRAGMA synchronous = \(synchronous)")
    }

    /// The schema version kept in the file's header (`PRAGMA user_version`; 0 for a new file).
    public func userVersion() throws -> Int { Int(try scalar("PRAGMA user_version")?.int ?? 0) }

    /// Brings the schema up to `migrations.count` in one immediate transaction: `migrations[v]`
    /// turns version v into v + 1. The version is read again under the write lock, so two
    /// processes opening the same new file migrate it once. `then` runs in the same transaction
    /// with the version found, when a migration ran (to fill a new file, say).
    /// - Throws: `Error` (`SQLITE_ERROR`) when the file's version is newer than `migrations.count`.
    public func migrate(_ migrations: [String], then: (Int) throws -> Void = { _ in }) throws {
        try transaction {
            let current = try userVersion()
            if current > migrations.count {
                throw Error(path: path, code: SQLITE_ERROR, message: "schema \(current) is newer than this build knows (\(migrations.count))")
            }
            guard current < migrations.count else { return }
            for v in current..<migrations.count { try execute(migrations[v]) }
            try execute("PRAGMA user_version = \(migrations.count)")
            try then(current)
        }
    }

    // MARK: Values

    /// A bound argument or a column value.
    public enum Value: Equatable {
        case null, integer(Int64), real(Double), text(String), blob(Data)
        public var int: Int64? { if case let .integer(v) = self { v } else { nil } }
        public var double: Double? { switch self { case let .real(v): v; case let .integer(v): Double(v); default: nil } }
        public var string: String? { if case let .text(s) = self { s } else { nil } }
    }

    /// The current row of a `query`; columns are 0-based.
    public struct Row {
        let stmt: OpaquePointer
        public var count: Int32 { sqlite3_column_count(stmt) }
        public func int(_ i: Int32) -> Int64 { sqlite3_column_int64(stmt, i) }
        public func double(_ i: Int32) -> Double { sqlite3_column_double(stmt, i) }
        public func text(_ i: Int32) -> String? { sqlite3_column_text(stmt, i).map { String(cString: $0) } }
        /// Calls `body` with the blob's bytes without copying them.
        public func blob<T>(_ i: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
            body(UnsafeRawBufferPointer(start: sqlite3_column_blob(stmt, i), count: Int(sqlite3_column_bytes(stmt, i))))
        }
        public func data(_ i: Int32) -> Data { blob(i) { Data($0) } }
        public func value(_ i: Int32) -> Value {
            switch sqlite3_column_type(stmt, i) {
            case SQLITE_NULL: .null
            case SQLITE_INTEGER: .integer(int(i))
            case SQLITE_FLOAT: .real(double(i))
            case SQLITE_BLOB: .blob(data(i))
            default: .text(text(i) ?? "")
            }
        }
    }
}
