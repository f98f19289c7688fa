import BandListScene
import Foundation
import XCTest

/// Trial 21 m4: the store keeps a copy of each band's image, so "Saved." means the picture is
/// there after the file it came from is deleted and Podium restarts.
final class BandStoreImageTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("bandimages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Downloads"), withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }
    var path: String { dir.appendingPathComponent("bands.sqlite").path }
    let bytes = Data("not parsed by the store".utf8)

    func testKeepsACopySoDeletingTheFileAfterSaveLosesNothing() throws {
        let photo = dir.appendingPathComponent("Downloads/Photo.PNG")
        try bytes.write(to: photo)
        let store = try BandStore(path: path)
        let b = try store.insert(Band(name: "Radiohead", imagePath: photo.path))
        let copy = try XCTUnwrap(b.imagePath)
        XCTAssertTrue(copy.hasPrefix(dir.appendingPathComponent("bands.sqlite.images").path + "/") && copy.hasSuffix(".png"), copy)
        try FileManager.default.removeItem(at: photo)
        let reopened = try XCTUnwrap(try BandStore(path: path).band(id: b.id))
        XCTAssertEqual(reopened.imagePath, copy)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), bytes)
        XCTAssertEqual(try sqlite(path, "SELECT image_path FROM band"), "bands.sqlite.images/" + (copy as NSString).lastPathComponent,
                       "the row names the copy relative to the store's folder")
        // Saving the band again keeps the same copy; no second file.
        var edited = reopened
        edited.notes = "Kid A"
        XCTAssertEqual(try store.update(edited).imagePath, copy)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.imagesFolder).count, 1)
    }

    func testTheStoreAndItsImagesMoveTogether() throws {
        let photo = dir.appendingPathComponent("Downloads/queen.jpg")
        try bytes.write(to: photo)
        try BandStore(path: path).insert(Band(name: "Queen", imagePath: photo.path))
        let moved = dir.appendingPathComponent("moved")
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        for f in try FileManager.default.contentsOfDirectory(atPath: dir.path) where f.hasPrefix("bands.sqlite") {
            try FileManager.default.moveItem(at: dir.appendingPathComponent(f), to: moved.appendingPathComponent(f))
        }
        let image = try XCTUnwrap(try BandStore(path: moved.appendingPathComponent("bands.sqlite").path).all().first?.imagePath)
        XCTAssertTrue(image.hasPrefix(moved.path + "/"), image)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: image)), bytes)
    }

    func testAnImageThatCannotBeReadAtSaveIsNamedAndNothingIsSaved() throws {
        let store = try BandStore(path: path)
        let gone = dir.appendingPathComponent("Downloads/gone.png").path
        let message = "\(gone): the image cannot be read (file not found); nothing was saved"
        XCTAssertThrowsError(try store.insert(Band(name: "Blur", imagePath: gone))) { XCTAssertEqual("\($0)", message) }
        XCTAssertEqual(try store.count(), 0)
        let blur = try store.insert(Band(name: "Blur"))
        var edited = blur
        edited.notes = "Parklife"; edited.imagePath = gone
        XCTAssertThrowsError(try store.update(edited)) { XCTAssertEqual("\($0)", message) }
        XCTAssertEqual(try store.band(id: blur.id), blur, "nothing of the edit is saved")
    }

    /// Trial 22 m6: an import (a store's own export naming an old row's file deleted since) keeps
    /// every band; the one whose image cannot be read comes without it and is returned.
    func testAnImportStoresABandWhoseImageCannotBeReadWithoutIt() throws {
        let store = try BandStore(path: path)
        try store.insert(Band(name: "Blur"))
        let gone = dir.appendingPathComponent("Downloads/gone.png").path
        let there = dir.appendingPathComponent("Downloads/there.png")
        try bytes.write(to: there)
        let unreadable = try store.replaceAll(with: [Band(name: "Oasis", imagePath: there.path), Band(name: "Pulp", imagePath: gone)])
        XCTAssertEqual(unreadable.map { "\($0.index) \($0.name) \($0.path): \($0.reason)" }, ["1 Pulp \(gone): file not found"])
        let bands = try store.all()
        XCTAssertEqual(bands.map(\.name), ["Oasis", "Pulp"])
        XCTAssertTrue(bands[0].imagePath?.hasPrefix(store.imagesFolder + "/") == true, "\(bands[0])")
        XCTAssertNil(bands[1].imagePath)
    }

    /// A row from before stores kept copies names a file elsewhere: gone, it does not refuse
    /// an edit of the band's notes; still there, the next save keeps a copy of it.
    func testAnImagePathFromBeforeCopiesIsKeptOrCopiedOnTheNextSave() throws {
        let store = try BandStore(path: path)
        let there = dir.appendingPathComponent("Downloads/there.png")
        try bytes.write(to: there)
        try sqlite(path, "INSERT INTO band (name, image_path) VALUES ('Queen', '/nonexistent/queen.png'), ('Oasis', '\(there.path)')")
        var queen = try XCTUnwrap(try store.all().first { $0.name == "Queen" })
        queen.notes = "Live Aid"
        XCTAssertEqual(try store.update(queen).imagePath, "/nonexistent/queen.png")
        XCTAssertEqual(try store.band(id: queen.id)?.notes, "Live Aid")
        var oasis = try XCTUnwrap(try store.all().first { $0.name == "Oasis" })
        oasis.rating = 8
        let copy = try XCTUnwrap(try store.update(oasis).imagePath)
        XCTAssertTrue(copy.hasPrefix(store.imagesFolder + "/"), copy)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), bytes)
    }
}
