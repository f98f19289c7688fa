import BandListScene
import Foundation
import PodiumCore

/// `podium bands export|import FILE [--store PATH]`: the band-list scene's catalogue as JSON.
///
/// The store defaults to the one the scene uses with no `store` parameter
/// (`$XDG_DATA_HOME/podium/org.podium.band-list/bands.sqlite`); a missing store is created and
/// seeded as the scene would. Import validates the whole file first (errors name the file, the
/// record and the field; exit 2) and then replaces the catalogue in one transaction, so on any
/// error the store keeps what it had.
enum BandsCommand {
    static func run(_ o: CommandLineInterface.Options) throws -> Int32 {
        guard o.positional.count == 2, ["export", "import"].contains(o.positional[0]) else {
            throw CommandLineInterface.UsageError(description: "bands needs export FILE or import FILE")
        }
        let file = o.positional[1]
        let storePath = o.values["--store"] ?? defaultStore().path
        let seed = AssetLocator.assets.appendingPathComponent("Bands/bands.json")
        if o.positional[0] == "export" {
            // Export only reads: an existing store is opened read-only (it may not be writable).
            let exists = FileManager.default.fileExists(atPath: storePath)
            let store = try BandStore(path: storePath, seed: { try BandJSON.load(seed) }, readOnly: exists)
            let bands = try store.all()
            let data = BandJSON.encode(bands)
            if file == "-" { FileHandle.standardOutput.write(data + Data("\n".utf8)) } else {
                do { try data.write(to: URL(fileURLWithPath: file), options: .atomic) }
                catch { throw BandJSON.Error(description: "\(file): cannot write (\((error as NSError).localizedDescription))") }
                print("exported \(bands.count) band\(bands.count == 1 ? "" : "s") from \(storePath) to \(file)")
            }
            return 0
        }
        let bands: [Band]
        do { bands = try BandJSON.load(URL(fileURLWithPath: file)) } catch let e as BandJSON.Error {
            printError("podium: \(e)\npodium: nothing imported; \(storePath) is unchanged")
            return 2
        }
        let store = try BandStore(path: storePath, seed: { try BandJSON.load(seed) })
        let before = try store.count()
        try store.replaceAll(with: bands)
        print("imported \(bands.count) band\(bands.count == 1 ? "" : "s") from \(file) into \(storePath) (replacing \(before))")
        return 0
    }

    /// `bands.sqlite` in the band-list plugin's data directory, as `HostContext` names it.
    static func defaultStore() -> URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("podium/\(BandListPlugin.id)/\(BandStore.defaultFileName)")
    }
}
