import CImageHeader
import Foundation
import PodiumBroker
import PodiumCore
import PodiumKit
import PodiumSDL
// The targets reach plugins' internal parsers, which only a build with testing enabled (debug:
// `make fuzz`, `make test`) exposes; a release build of the package gets the note at the end.
#if DEBUG
@testable import BandListScene
@testable import MapSearchScene
@testable import PDFScene
@testable import WebSearchScene

/// One fuzz target per parser of outside input. Each takes arbitrary bytes and must return
/// (throwing a clear error is fine); a trap, a hang or a sanitizer report is the bug.
enum FuzzTargets {
    static let all: [String: @Sendable (Data) -> Void] = [
        "deck": { data in _ = try? Deck.parse(data, path: "fuzz.json", kinds: ["title": { _ in }]) },
        "manifest": { data in _ = try? PluginManifest.parse(data) },
        "keymap": { data in _ = try? KeyMap.parse(data, file: "fuzz.json") },
        "bands": { data in _ = try? BandJSON.decode(data, file: "fuzz.json", baseDirectory: URL(fileURLWithPath: "/nonexistent")) },
        "notes-markdown": { data in _ = NotesMarkdown.parse(String(decoding: data, as: UTF8.self)) },
        "web-markdown": { data in _ = MarkdownText.document(String(decoding: data, as: UTF8.self), fallbackTitle: "fuzz") },
        "exif": { data in
            // libexif reads from a path: the bytes go to a file of this process's own.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("podium-fuzz-exif-\(getpid()).jpg").path
            _ = FileManager.default.createFile(atPath: path, contents: data)
            _ = podium_image_exif_orientation(path)
        },
        "tessellate": { data in
            // Map area rings as they come from a map file: a ring count byte, then per ring a
            // length byte and that many (x, y) pairs of 16-bit coordinates.
            var bytes = Array(data)[...], rings: [[Point]] = []
            func take() -> Int? { bytes.isEmpty ? nil : Int(bytes.removeFirst()) }
            for _ in 0..<(take() ?? 0) {
                guard let n = take() else { break }
                var ring: [Point] = []
                for _ in 0..<n {
                    guard let a = take(), let b = take(), let c = take(), let d = take() else { break }
                    ring.append(Point(Double(a << 8 | b) - 32768, Double(c << 8 | d) - 32768))
                }
                rings.append(ring)
            }
            _ = Tessellation.triangles(rings)
        },
        "html": { data in _ = HTMLText.document(String(decoding: data, as: UTF8.self), fallbackTitle: "fuzz") },
        "mediawiki": { data in
            guard let api = try? MediaWikiAPI(endpoint: "http://127.0.0.1/w/api.php") else { return }
            _ = try? api.parseSearch(status: 200, body: data)
            _ = try? api.parsePage(status: 200, body: data)
        },
        "geocoder": { data in _ = try? NominatimGeocoder.parse(data) },
        // A follower screen's talk state, as any client of the broker could publish it.
        "talk-state": { data in _ = try? TalkState(payload: data) },
        // A control request: parsed, then every value read through the accessors requests use.
        "control": { data in
            func walk(_ v: JSONValue) {
                _ = v.int; _ = try? v.integer(at: "x", in: Int.min...Int.max); _ = try? v.number(at: "x", in: -1e9...1e9)
                v.array?.forEach(walk); v.object?.values.forEach(walk)
            }
            if let v = try? JSONValue.parse(data) { walk(v) }
        },
        // A plugin's draw list with arbitrary doubles (`DrawListFuzz`).
        "draw-list": { data in DrawListFuzz.run(data) },
        "pdf-notes": { data in
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("podium-fuzz-\(getpid())")
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let pdf = dir.appendingPathComponent("talk.pdf").path
            _ = FileManager.default.createFile(atPath: PDFNotes.sidecarPath(for: pdf), contents: data)
            _ = PDFNotes.read(for: pdf, labels: ["1", "2", "ii", "A-1"])
        },
        // The drawings sidecar (`talk.drawings.json`), read when a talk opens.
        "pdf-drawings": { data in
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("podium-fuzz-\(getpid())")
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let sidecar = InkSidecar(pdf: dir.appendingPathComponent("talk.pdf").path)
            _ = FileManager.default.createFile(atPath: sidecar.path, contents: data)
            _ = try? sidecar.load()
        },
    ]

    /// The target named by `PODIUM_FUZZ_TARGET`.
    static let selected: @Sendable (Data) -> Void = {
        let name = ProcessInfo.processInfo.environment["PODIUM_FUZZ_TARGET"] ?? ""
        guard let t = all[name] else {
            FileHandle.standardError.write(Data("podium-fuzz: set PODIUM_FUZZ_TARGET to one of \(all.keys.sorted().joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return t
    }()
}

/// libFuzzer's entry point (`make fuzz` builds with `--sanitize fuzzer --sanitize address`).
@_cdecl("LLVMFuzzerTestOneInput")
public func podiumFuzzOne(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzTargets.selected(Data(bytes: bytes, count: size))
    return 0
}

#if !FUZZING
/// Without the fuzzer: `podium-fuzz TARGET FILE…` runs each file through the target once, so
/// the seed corpus and every crash found become regression tests (`FuzzCorpusTests`).
@main
enum Replay {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        guard let name = args.first, let target = FuzzTargets.all[name] else {
            print("usage: podium-fuzz TARGET FILE…  (targets: \(FuzzTargets.all.keys.sorted().joined(separator: ", ")))")
            exit(2)
        }
        for file in args.dropFirst() {
            guard let data = FileManager.default.contents(atPath: file) else { print("podium-fuzz: cannot read \(file)"); exit(1) }
            target(data)
        }
        print("podium-fuzz: \(name): \(args.count - 1) input\(args.count == 2 ? "" : "s") ran")
    }
}
#endif
#else
/// A release build (`swift build -c release`) cannot reach the internal parsers: say so.
@main
enum Replay {
    static func main() {
        print("podium-fuzz: build it in debug (`make fuzz`, or `swift build --product podium-fuzz`); a release build has no targets")
        exit(2)
    }
}
#endif
