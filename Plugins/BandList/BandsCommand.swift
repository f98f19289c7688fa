import Foundation
import PodiumKit

/// `podium bands export|import FILE [--store PATH]`: the band-list scene's catalogue as JSON, a
/// command the band-list plugin contributes (moved here from the host's `Sources/podium`).
///
/// The store defaults to the one the scene uses with no `store` parameter
/// (`$XDG_DATA_HOME/podium/org.podium.band-list/bands.sqlite`); a missing store is created, by
/// export seeded as the scene would, by import empty (the import replaces it). Import validates
/// the whole file first (errors name the file, the record and the field; exit 2, as for an
/// export FILE that cannot be written) and then replaces the catalogue in one transaction, so
/// on any error the store keeps what it had; a band whose image file cannot be read is imported
/// without it, with a warning naming the file (exit 0).
enum BandsCommand {
    static var command: PluginCommand {
        PluginCommand(name: "bands", summary: "The band-list catalogue as JSON (FILE \"-\" exports to stdout); import validates every record first and replaces the catalogue all or nothing",
                      usage: "export|import FILE [--store PATH]", run: run)
    }

    static func run(_ ctx: PluginCommandContext) throws -> Int32 {
        var positional: [String] = [], store: String?
        var args = ctx.arguments[...]
        while let a = args.popFirst() {
            if a == "--store" {
                guard let v = args.popFirst() else { throw PluginCommandUsageError("--store needs a value") }
                store = v
            } else if a.hasPrefix("--store=") { store = String(a.dropFirst("--store=".count)) }
            else if a.hasPrefix("--") { throw PluginCommandUsageError("unknown option \(SafeText.quote(a))") }
            else { positional.append(a) }
        }
        guard positional.count == 2, ["export", "import"].contains(positional[0]) else {
            throw PluginCommandUsageError("bands needs export FILE or import FILE")
        }
        let file = positional[1]
        let storePath = store ?? ctx.dataDirectory.appendingPathComponent(BandStore.defaultFileName).path
        let seed = ctx.assetsDirectory.appendingPathComponent("Bands/bands.json")
        if positional[0] == "export" {
            // Export only reads: an existing store is opened read-only (it may not be writable).
            let exists = FileManager.default.fileExists(atPath: storePath)
            let store = try BandStore(path: storePath, seed: { try BandJSON.load(seed) }, readOnly: exists)
            let bands = try store.all()
            let data = BandJSON.encode(bands)
            if file == "-" { FileHandle.standardOutput.write(data + Data("\n".utf8)) } else {
                // A FILE that cannot be written is bad input, exit 2 as a FILE import cannot read.
                do { try data.write(to: URL(fileURLWithPath: file), options: .atomic) } catch {
                    SafeText.log("podium: \(file): cannot write (\(DiskErrorText.reason(error)))")
                    return 2
                }
                print("exported \(bands.count) band\(bands.count == 1 ? "" : "s") from \(storePath) to \(file)")
            }
            return 0
        }
        let bands: [Band]
        do { bands = try BandJSON.load(URL(fileURLWithPath: file)) } catch let e as BandJSON.Error {
            for line in e.lines { SafeText.log("podium: \(line)") }   // every bad record, one line each
            SafeText.log("podium: nothing imported; \(storePath) is unchanged")
            return 2
        }
        let result = try BandStore.importing(bands, into: storePath)
        // An image file that cannot be read (an old row's, deleted since) loses that band its
        // image, not the import (trial 22 m6): a warning names it, exit 0 as `check`'s warnings.
        for u in result.unreadable {
            SafeText.log("podium: warning: \(file): [\(u.index)] \(SafeText.quote(u.name)): image: \(u.path): cannot be read (\(u.reason)); imported without its image")
        }
        print("imported \(bands.count) band\(bands.count == 1 ? "" : "s") from \(file) into \(storePath) (\(result.replaced.map { "replacing \($0)" } ?? "a new store"))")
        return 0
    }
}
