import CSQLite
import Foundation
import PodiumSQLite
import PodiumTestSupport
import XCTest

/// The shared SQLite module the band store, web-search index and map files go through.
final class SQLiteDatabaseTests: XCTestCase {
    var dir: URL!
    var path: String { dir.appendingPathComponent("t.sqlite").path }
    override func setUp() { dir = TestPaths.tempDir("podium-sqlite") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func testEveryValueKindRoundTripsThroughBindingsAndRows() throws {
        let db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t(a, b, c, d, e)")
        let values: [SQLiteDatabase.Value] = [.integer(-1 << 40), .real(2.5), .text("Rós ✓\u{0}x"), .blob(Data([0, 1, 255])), .null]
        try db.query("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
        XCTAssertEqual(db.lastInsertRowID, 1)
        let row = try db.rows("SELECT a, b, c, d, e FROM t").first
        XCTAssertEqual(row?[0], .integer(-1 << 40))
        XCTAssertEqual(row?[1], .real(2.5))
        XCTAssertEqual(row?[2], .text("Rós ✓"), "text is read up to a NUL, as SQLite's C strings are")
        XCTAssertEqual(row?[3], .blob(Data([0, 1, 255])))
        XCTAssertEqual(row?[4], .null)
        try db.query("INSERT INTO t(d) VALUES (?)", [.blob(Data())])
        XCTAssertEqual(try db.scalar("SELECT length(d) FROM t WHERE rowid = 2"), .integer(0), "an empty blob is a blob, not NULL")
    }

    func testTransactionRollsBackWhenItsBodyThrows() throws {
        let db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t(x)")
        struct Stop: Error {}
        XCTAssertThrowsError(try db.transaction { try db.query("INSERT INTO t VALUES (1)"); throw Stop() })
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(0))
        let n = try db.transaction { try db.query("INSERT INTO t VALUES (2)"); return 7 }
        XCTAssertEqual(n, 7)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t"), .integer(1))
    }

    func testMigrationsRunOnceInOrderAndANewerFileIsRefused() throws {
        let steps = ["CREATE TABLE a(x)", "ALTER TABLE a ADD COLUMN y", "CREATE TABLE b(z)"]
        var seenFrom: [Int] = []
        try SQLiteDatabase(path: path).migrate(Array(steps.prefix(2))) { seenFrom.append($0) }
        let db = try SQLiteDatabase(path: path)
        XCTAssertEqual(try db.userVersion(), 2)
        try db.migrate(steps) { seenFrom.append($0) }
        try db.migrate(steps) { seenFrom.append($0) }
        XCTAssertEqual(seenFrom, [0, 2])
        XCTAssertEqual(try db.userVersion(), 3)
        XCTAssertThrowsError(try db.migrate(Array(steps.prefix(1)))) { e in
            XCTAssertEqual("\(e)", "\(self.path): schema 3 is newer than this build knows (1)")
        }
    }

    func testWALAndBusyTimeoutWhileAnotherConnectionWrites() throws {
        let writer = try SQLiteDatabase(path: path)
        try writer.enableWAL()
        XCTAssertEqual(try writer.scalar("PRAGMA journal_mode"), .text("wal"))
        try writer.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        let other = try SQLiteDatabase(path: path, busyTimeout: 100)
        try writer.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (2)")
        // WAL: a reader is not blocked by the writer and sees the last commit.
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM t"), .integer(1))
        // A second writer waits for the busy timeout, then fails with SQLITE_BUSY naming the file.
        XCTAssertThrowsError(try other.transaction { try other.query("INSERT INTO t VALUES (3)") }) { e in
            XCTAssertEqual((e as? SQLiteDatabase.Error)?.code, SQLITE_BUSY)
            XCTAssertTrue("\(e)".hasPrefix(self.path + ": database is locked"), "\(e)")
        }
        try writer.execute("COMMIT")
        try other.transaction { try other.query("INSERT INTO t VALUES (3)") }
        XCTAssertEqual(try writer.scalar("SELECT count(*) FROM t"), .integer(3))
    }

    func testReadOnlyModesNeverWrite() throws {
        try SQLiteDatabase(path: path).execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        for mode in [SQLiteDatabase.Mode.readOnly, .immutable] {
            let db = try SQLiteDatabase(path: path, mode: mode)
            XCTAssertEqual(try db.scalar("SELECT x FROM t"), .integer(1))
            XCTAssertThrowsError(try db.query("INSERT INTO t VALUES (2)")) { XCTAssertEqual(($0 as? SQLiteDatabase.Error)?.code, SQLITE_READONLY) }
        }
        XCTAssertThrowsError(try SQLiteDatabase(path: dir.appendingPathComponent("none.sqlite").path, mode: .readOnly)) {
            XCTAssertEqual(($0 as? SQLiteDatabase.Error)?.code, SQLITE_CANTOPEN)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("none.sqlite").path))
        // A path with URI characters is a path, not a query string.
        let odd = dir.appendingPathComponent("a?mode=memory#%.sqlite").path
        try SQLiteDatabase(path: odd).execute("CREATE TABLE t(x)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: odd))
    }

    func testErrorsNameTheFileAndTheStatement() throws {
        let db = try SQLiteDatabase(path: path)
        XCTAssertThrowsError(try db.rows("SELECT * FROM missing")) { e in
            XCTAssertEqual("\(e)", "\(self.path): no such table: missing (in: SELECT * FROM missing)")
        }
        try Data("not a database, just some text that is long enough to have a header".utf8).write(to: dir.appendingPathComponent("junk.sqlite"))
        let junk = try SQLiteDatabase(path: dir.appendingPathComponent("junk.sqlite").path)
        XCTAssertThrowsError(try junk.userVersion()) { XCTAssertEqual(($0 as? SQLiteDatabase.Error)?.code, SQLITE_NOTADB) }
    }
}
