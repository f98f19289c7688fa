import BandListScene
import Foundation
import PodiumTestSupport
import XCTest

/// The SQLite store: round trips, migrations, refusal of foreign or damaged files.
final class BandStoreTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("bandstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }
    var path: String { dir.appendingPathComponent("bands.sqlite").path }

    func testRoundTripsEveryField() throws {
        let store = try BandStore(path: path)
        let kino = dir.appendingPathComponent("kino.png")
        try Data("kino".utf8).write(to: kino)
        let b = try store.insert(Band(name: "  Кино ", notes: "Line one\nLine two", rating: 9, touringStatus: .disbanded,
                                      seenLive: true, imagePath: kino.path))
        XCTAssertGreaterThan(b.id, 0)
        let reopened = try BandStore(path: path)
        // The image is the store's copy of kino.png (`BandStoreImageTests`).
        let copy = try XCTUnwrap(b.imagePath)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), Data("kino".utf8))
        XCTAssertEqual(try reopened.all(), [Band(id: b.id, name: "Кино", notes: "Line one\nLine two", rating: 9,
                                                  touringStatus: .disbanded, seenLive: true, imagePath: copy)])
        var edited = try XCTUnwrap(try reopened.band(id: b.id))
        edited.rating = 3; edited.imagePath = nil; edited.touringStatus = .onTour
        try reopened.update(edited)
        XCTAssertEqual(try BandStore(path: path).band(id: b.id), edited)
        try reopened.delete(id: b.id)
        XCTAssertEqual(try BandStore(path: path).count(), 0)
    }

    func testUsesWALAndRecordsTheSchemaVersion() throws {
        _ = try BandStore(path: path)
        XCTAssertEqual(try sqlite(path, "PRAGMA journal_mode"), "wal")
        XCTAssertEqual(try sqlite(path, "PRAGMA user_version"), String(BandStore.schemaVersion))
    }

    func testSeedsOnlyANewStore() throws {
        var calls = 0
        let seed = { calls += 1; return [Band(name: "Radiohead"), Band(name: "Queen")] }
        let s1 = try BandStore(path: path, seed: seed)
        XCTAssertEqual(try s1.all().map(\.name), ["Radiohead", "Queen"])
        try s1.delete(id: s1.all()[0].id)
        let s2 = try BandStore(path: path, seed: seed)
        XCTAssertEqual(try s2.all().map(\.name), ["Queen"], "deleting a seeded band must not bring it back")
        XCTAssertEqual(calls, 1)
    }

    func testAFailedSeedLeavesAStoreThatSeedsNextTime() throws {
        struct Boom: Error {}
        XCTAssertThrowsError(try BandStore(path: path, seed: { throw Boom() }))
        XCTAssertEqual(try BandStore(path: path, seed: { [Band(name: "Queen")] }).all().map(\.name), ["Queen"])
    }

    func testMigratesAVersionOneStoreKeepingItsRows() throws {
        // A store as the first schema left it: no image column.
        try sqlite(path, """
            CREATE TABLE band (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL CHECK (length(trim(name)) > 0),
              notes TEXT NOT NULL DEFAULT '', rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 10),
              touring TEXT NOT NULL DEFAULT 'Off Tour' CHECK (touring IN ('On Tour', 'Off Tour', 'Disbanded')),
              seen_live INTEGER NOT NULL DEFAULT 0 CHECK (seen_live IN (0, 1)));
            INSERT INTO band (name, notes, rating, touring, seen_live) VALUES ('Sigur Rós', 'Reykjavík', 9, 'On Tour', 1);
            PRAGMA user_version = 1;
            """)
        let store = try BandStore(path: path, seed: { XCTFail("an existing store is never seeded"); return [] })
        XCTAssertEqual(try store.all(), [Band(id: 1, name: "Sigur Rós", notes: "Reykjavík", rating: 9, touringStatus: .onTour, seenLive: true)])
        XCTAssertEqual(try sqlite(path, "PRAGMA user_version"), String(BandStore.schemaVersion))
        let png = dir.appendingPathComponent("x.png")
        try Data("x".utf8).write(to: png)
        var b = try store.all()[0]; b.imagePath = png.path
        let stored = try store.update(b)
        XCTAssertTrue(stored.imagePath?.hasPrefix(store.imagesFolder + "/") == true, "\(stored)")
        XCTAssertEqual(try store.band(id: 1)?.imagePath, stored.imagePath)
    }

    func testRefusesAFileThatIsNotSQLiteAndLeavesItAlone() throws {
        let junk = Data("these are my notes, not a database\n".utf8) + Data(repeating: 7, count: 5000)
        try junk.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try BandStore(path: path)) { e in
            let text = "\(e)"
            XCTAssertTrue(text.hasPrefix(path), text)
            XCTAssertTrue(text.contains("not a readable band store"), text)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), junk)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
    }

    func testRefusesADamagedStoreAndLeavesItAlone() throws {
        let store = try BandStore(path: path)
        for i in 0..<300 { try store.insert(Band(name: "Band \(i)", notes: String(repeating: "n", count: 200))) }
        _ = try sqlite(path, "PRAGMA wal_checkpoint(TRUNCATE)")
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        // Scribble over the middle pages (the table's b-tree), keeping the header valid.
        for i in 8192..<min(data.count, 40960) { data[i] = UInt8(truncatingIfNeeded: i * 31) }
        try data.write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        XCTAssertThrowsError(try BandStore(path: path).all()) { e in XCTAssertTrue("\(e)".hasPrefix(path), "\(e)") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), data)
    }

    func testRefusesAnotherProgramsDatabase() throws {
        try sqlite(path, "CREATE TABLE invoices (id INTEGER);")
        XCTAssertThrowsError(try BandStore(path: path)) { e in
            XCTAssertEqual("\(e)", "\(path): is another program's SQLite database (tables: invoices), not a band store; it was left untouched")
        }
    }

    func testRefusesANewerSchema() throws {
        try sqlite(path, "CREATE TABLE band (id INTEGER); PRAGMA user_version = 99;")
        XCTAssertThrowsError(try BandStore(path: path)) { e in XCTAssertTrue("\(e)".contains("schema 99"), "\(e)") }
        XCTAssertEqual(try sqlite(path, "PRAGMA user_version"), "99")
    }

    /// Root reads any file, so under root (as CI runs) the store is opened by `podium bands
    /// export` running as nobody; otherwise in this process.
    func testRefusesAnUnreadableFileNamingIt() throws {
        _ = try BandStore(path: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        chmod(path, 0)
        defer { chmod(path, 0o644) }
        if getuid() == 0 {
            let home = dir.appendingPathComponent("nobody")
            if let why = nobodyCannotRunPodium(home: home) { return XCTFail(why) }
            let r = try runPodiumAsNobody(["bands", "export", "-", "--store", path], home: home)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("podium: \(path): "), r.stderr)
            XCTAssertEqual(r.stdout, "", "nothing exported")
        } else {
            XCTAssertThrowsError(try BandStore(path: path)) { e in XCTAssertTrue("\(e)".hasPrefix(path), "\(e)") }
        }
        chmod(path, 0o644)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the store is left untouched")
    }

    func testRefusesADirectoryNamingIt() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertThrowsError(try BandStore(path: path)) { e in XCTAssertEqual("\(e)", "\(path): is a directory, not a band store") }
    }

    func testRejectsInvalidBandsWithTheField() throws {
        let store = try BandStore(path: path)
        XCTAssertThrowsError(try store.insert(Band(name: "   "))) { e in XCTAssertEqual(e as? Band.ValidationError, Band.ValidationError(field: "name", message: "required, must not be blank")) }
        XCTAssertThrowsError(try store.insert(Band(name: "X", rating: 11))) { e in XCTAssertEqual((e as? Band.ValidationError)?.field, "rating") }
        XCTAssertEqual(try store.count(), 0)
    }

    func testReplaceAllIsAllOrNothing() throws {
        let store = try BandStore(path: path)
        try store.insert(Band(name: "Mine"))
        XCTAssertThrowsError(try store.replaceAll(with: [Band(name: "A"), Band(name: "")]))
        XCTAssertEqual(try store.all().map(\.name), ["Mine"])
        try store.replaceAll(with: [Band(name: "A"), Band(name: "B")])
        XCTAssertEqual(try store.all().map(\.name), ["A", "B"])
    }

    func testTwoProcessesCreatingTheSameStoreAtOnceSeedItOnce() throws {
        let seed = dir.appendingPathComponent("seed.json")
        try Data(#"[{"name":"Queen"},{"name":"Blur"}]"#.utf8).write(to: seed)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Bands"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: seed, to: dir.appendingPathComponent("Bands/bands.json"))
        // Four at once, each started from its own thread.
        let statuses = StatusBox(), done = DispatchGroup()
        let args = ["bands", "export", "-", "--store", path], env = ["PODIUM_ASSETS": dir.path, "XDG_DATA_HOME": dir.path]
        for i in 0..<4 {
            done.enter()
            Thread { statuses.set(i, (try? runPodium(args, environment: env))?.status ?? -1); done.leave() }.start()
        }
        done.wait()
        XCTAssertEqual(statuses.values, [0, 0, 0, 0])
        XCTAssertEqual(try BandStore(path: path).all().map(\.name), ["Queen", "Blur"])
    }

    func testAModelReloadsOnlyWhenAnotherConnectionChangedTheStore() throws {
        let model = try BandListModel(store: BandStore(path: path, seed: { [Band(name: "Queen"), Band(name: "Blur")] }),
                                      collation: BandCollation(locale: Locale(identifier: "en_US")))
        model.select(id: model.band(named: "Queen")?.id)
        try model.add(name: "Oasis")
        XCTAssertFalse(try model.reloadIfChangedElsewhere(), "our own edits are already in the index")
        let other = try BandStore(path: path)
        try other.insert(Band(name: "Pulp"))
        try other.delete(id: XCTUnwrap(model.band(named: "Oasis")?.id))
        XCTAssertTrue(try model.reloadIfChangedElsewhere())
        XCTAssertEqual(model.index.bands.map(\.name), ["Blur", "Pulp", "Queen"])
        XCTAssertNil(model.selected, "the selected band was deleted elsewhere")
    }

    func testASecondConnectionSeesEachEditAtOnce() throws {
        let a = try BandStore(path: path), b = try BandStore(path: path)
        let x = try a.insert(Band(name: "Portishead"))
        XCTAssertEqual(try b.band(id: x.id)?.name, "Portishead")
    }

    /// Trial 21 m2: `podium bands import FILE --store x.sqlite` — a bare file name is in the
    /// current folder, created or opened for writing there, as `./x.sqlite` is.
    func testABareFileNameIsAStoreInTheCurrentFolder() throws {
        let fm = FileManager.default, cwd = fm.currentDirectoryPath
        XCTAssertTrue(fm.changeCurrentDirectoryPath(dir.path))
        defer { fm.changeCurrentDirectoryPath(cwd) }
        let created = try BandStore(path: "x.sqlite", seed: { [Band(name: "Queen")] })
        XCTAssertNil(created.readOnlyReason)
        XCTAssertTrue(fm.fileExists(atPath: dir.appendingPathComponent("x.sqlite").path))
        let reopened = try BandStore(path: "x.sqlite")
        XCTAssertNil(reopened.readOnlyReason, "an existing store in a writable current folder is writable")
        try reopened.replaceAll(with: [Band(name: "Blur")])
        XCTAssertEqual(try BandStore(path: dir.appendingPathComponent("x.sqlite").path).all().map(\.name), ["Blur"])
    }
}

/// Runs SQL with Debian's `sqlite3` shell (a separate process, so nothing is shared with the store)
/// and returns its output without the trailing newline.
@discardableResult
func sqlite(_ path: String, _ sql: String) throws -> String {
    let r = try runProcess("/usr/bin/sqlite3", [path, sql])
    guard r.status == 0 else { throw NSError(domain: "sqlite3", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
    return r.stdout.trimmingCharacters(in: .newlines)
}

/// Exit statuses written from several threads.
private final class StatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int: Int32] = [:]
    func set(_ i: Int, _ s: Int32) { lock.lock(); statuses[i] = s; lock.unlock() }
    var values: [Int32] { lock.lock(); defer { lock.unlock() }; return statuses.keys.sorted().map { statuses[$0]! } }
}
