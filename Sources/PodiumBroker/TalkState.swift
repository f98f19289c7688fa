import FoundationEssentials
import Glibc
import PodiumKit

/// The talk's state as the presenter publishes it (retained, QoS 1, on `TOPIC/state`): one JSON
/// object, format `v` 1. Readers ignore fields they do not know, so new fields (e.g. the
/// drawings of PDF scenes) are added without a new `v`; `v` goes up only when a v1 reader would
/// show something wrong, and a follower refuses a `v` it does not read.
///
/// ```json
/// {"v":1,"run":"9f3c…","seq":42,"sentAt":1764530000123.4,
///  "deck":{"hash":"sha256:…","title":"…","scenes":12},
///  "scene":3,"slide":{"index":2,"overlay":1},
///  "audienceMode":"normal","frozen":false,"frozenScene":null,
///  "pointer":{"fx":0.5,"fy":0.25},"timers":{…},
///  "drawings":{"scene":3,"overlay":{"page":3,"strokes":[…],"spotlight":null,"zoom":null}}}
/// ```
///
/// `drawings` is what the current scene adds over its content (`AudienceOverlayMirroring`):
/// `scene` (0-based, the scene it belongs to) and `overlay`, the scene's own JSON (the PDF
/// scene: the page's pen and highlighter strokes in page points, the spotlight's centre, the
/// zoomed part of the page; see `PDFScene+AudienceOverlay.swift`), at most `maxOverlayBytes`;
/// null for scenes that add nothing (and from presenters before drawings were mirrored).
/// `frozenDrawings` (while frozen) is `drawings` as the freeze began: what the room's frozen
/// frame shows, for a follower that joins during the freeze.
public struct TalkState: Equatable, Sendable {
    public static let version = 1
    /// Random per presenter run: a restarted presenter's `seq` starts again.
    public var run: String
    /// Increases with every message of one presenter run (a follower drops older ones).
    public var seq: Int
    /// When the presenter sent it: milliseconds since 1970 (wall clock).
    public var sentAt: Double
    /// `DeckIdentity` of the presenter's deck.
    public var deckHash: String
    public var deckTitle: String
    public var sceneCount: Int
    /// 0-based scene (a PDF page) the room sees.
    public var scene: Int
    /// 0-based slide and overlay (informational: followers go by `scene`).
    public var slide: Int
    public var overlay: Int
    /// "normal", "black" (blackout) or "white" (whiteout).
    public var audienceMode: String
    public var frozen: Bool
    /// The scene the room's frozen frame shows (the presenter may have moved on behind it).
    public var frozenScene: Int?
    /// The pointer dot as fractions (0…1) across and down the audience view; nil: hidden.
    public var pointer: Point?
    /// The console timers (seconds) as the control socket reports them; for stage displays.
    public var timers: JSONValue
    /// What the current scene shows over its content: `{"scene": N, "overlay": …}` (the PDF
    /// scene's strokes, spotlight and zoom), or null when the scene mirrors nothing.
    public var drawings: JSONValue
    /// While frozen: `drawings` as they were when the freeze began (the room's frozen frame has
    /// them; the speaker may have drawn on behind it). Null otherwise.
    public var frozenDrawings: JSONValue = .null

    public init(run: String, seq: Int, sentAt: Double, deckHash: String, deckTitle: String, sceneCount: Int, scene: Int, slide: Int, overlay: Int,
                audienceMode: String, frozen: Bool, frozenScene: Int?, pointer: Point?, timers: JSONValue = .null, drawings: JSONValue = .null) {
        self.run = run; self.seq = seq; self.sentAt = sentAt; self.deckHash = deckHash; self.deckTitle = deckTitle; self.sceneCount = sceneCount
        self.scene = scene; self.slide = slide; self.overlay = overlay; self.audienceMode = audienceMode; self.frozen = frozen
        self.frozenScene = frozenScene; self.pointer = pointer; self.timers = timers; self.drawings = drawings
    }

    public var json: JSONValue {
        [
            "v": .number(Double(Self.version)), "run": .string(run), "seq": .number(Double(seq)), "sentAt": .number(sentAt),
            "deck": ["hash": .string(deckHash), "title": .string(deckTitle), "scenes": .number(Double(sceneCount))],
            "scene": .number(Double(scene)), "slide": ["index": .number(Double(slide)), "overlay": .number(Double(overlay))],
            "audienceMode": .string(audienceMode), "frozen": .bool(frozen),
            "frozenScene": frozenScene.map { .number(Double($0)) } ?? .null,
            "pointer": pointer.map { ["fx": .number($0.x), "fy": .number($0.y)] } ?? .null,
            "timers": timers, "drawings": drawings, "frozenDrawings": frozenDrawings,
        ]
    }

    /// The same fields but `seq` and `sentAt`: equal means nothing to publish.
    func sameTalk(as o: TalkState) -> Bool {
        var a = self, b = o
        a.seq = 0; b.seq = 0; a.sentAt = 0; b.sentAt = 0
        return a == b
    }

    /// Largest payload a follower reads (a state is a few hundred bytes; drawings may add some).
    public static let maxBytes = 1 << 20
    /// Largest `drawings.overlay` the presenter publishes (UTF-8 bytes of its JSON), well under
    /// `maxBytes`: a scene over it simplifies or leaves out its oldest strokes and logs that.
    public static let maxOverlayBytes = 256 * 1024

    /// Parses a payload. Throws `TalkStateError` naming the field and the problem.
    public init(payload: Data) throws {
        guard payload.count <= Self.maxBytes else { throw TalkStateError("state message of \(payload.count) bytes is over the \(Self.maxBytes)-byte limit") }
        let v: JSONValue
        do { v = try JSONValue.parse(payload) } catch { throw TalkStateError("state message is not JSON: \(error)") }
        guard case .object = v else { throw TalkStateError("state message is \(v.typeName), expected an object") }
        func int(_ value: JSONValue?, _ path: String, _ range: ClosedRange<Int> = 0...Int(Int32.max)) throws -> Int {
            guard let value else { throw TalkStateError("\(path): missing") }
            do { return try value.integer(at: path, in: range) } catch { throw TalkStateError("\(error)") }
        }
        let version = try int(v["v"], "v")
        guard version == Self.version else {
            throw TalkStateError("state format v\(version) from the presenter; this Podium reads v\(Self.version) (update the \(version > Self.version ? "follower" : "presenter"))")
        }
        run = v["run"]?.string ?? ""
        seq = try int(v["seq"], "seq", 0...Int.max)
        sentAt = v["sentAt"]?.number ?? 0
        guard let hash = v["deck"]?["hash"]?.string, !hash.isEmpty else { throw TalkStateError("deck.hash: missing") }
        deckHash = hash
        deckTitle = v["deck"]?["title"]?.string ?? ""
        sceneCount = try int(v["deck"]?["scenes"], "deck.scenes", 1...1_000_000)
        scene = try int(v["scene"], "scene", 0...(sceneCount - 1))
        slide = (try? int(v["slide"]?["index"], "slide.index")) ?? 0
        overlay = (try? int(v["slide"]?["overlay"], "slide.overlay")) ?? 0
        guard let mode = v["audienceMode"]?.string, ["normal", "black", "white"].contains(mode) else {
            throw TalkStateError("audienceMode: expected normal, black or white, got \(v["audienceMode"]?.found ?? "nothing")")
        }
        audienceMode = mode
        guard let f = v["frozen"]?.bool else { throw TalkStateError("frozen: expected true or false") }
        frozen = f
        if let fs = v["frozenScene"], fs != .null { frozenScene = try int(fs, "frozenScene", 0...(sceneCount - 1)) } else { frozenScene = nil }
        if let p = v["pointer"], p != .null {
            guard let x = p["fx"]?.number, let y = p["fy"]?.number, x.isFinite, y.isFinite else { throw TalkStateError("pointer: expected {\"fx\": number, \"fy\": number} or null") }
            pointer = Point(min(max(x, 0), 1), min(max(y, 0), 1))
        } else { pointer = nil }
        timers = v["timers"] ?? .null
        drawings = v["drawings"] ?? .null
        frozenDrawings = v["frozenDrawings"] ?? .null
    }
}

public struct TalkStateError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ d: String) { description = d }
}
