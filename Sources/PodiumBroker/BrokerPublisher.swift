import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// `present --broker`: publishes the talk's state (`TalkState`) as a retained QoS 1 message
/// whenever it changes, for `podium follow` screens. `tick()` runs on the main thread once per
/// turn of the run loop and only builds a small JSON object; libmosquitto's thread sends it.
/// While the broker is away nothing queues up: on every (re)connection the latest state is
/// published again (a restarted broker without persistence gets it back at once).
@MainActor
public final class BrokerPublisher {
    public let url: BrokerURL
    let client: MQTTClient
    let presentation: Presentation
    let identity: DeckIdentity.Tracker
    public private(set) var deckHash: String
    let timers: (Presentation) -> JSONValue
    let run = (0..<8).map { _ in String(cFormat: "%02x", UInt8.random(in: 0...255)) }.joined()
    private var seq = 0
    /// The state last published (queued for the broker).
    public private(set) var last: TalkState?
    private var frozenScene: Int?
    private var frozenDrawings: JSONValue = .null
    /// The latest payload, read by libmosquitto's thread on connect.
    private let latest = LatestPayload()
    /// The current scene's overlay as last published (`AudienceOverlayMirroring`): for which
    /// scene and revision, when it was read, and the timer that publishes a change held back.
    private var overlayKey: (scene: Int, revision: Int)?
    private var overlay: JSONValue = .null
    private var overlayAt = -Double.infinity
    private var overlayWake: TimerToken?
    /// Fewest seconds between two overlays of one scene (a stroke being drawn changes with every
    /// pointer sample): at most 20 messages a second; a change of scene goes out at once.
    public static let overlayInterval = 0.05
    public var log: (String) -> Void = { SafeText.log("podium: " + $0) }

    /// - Parameters:
    ///   - deckFiles: the deck's files now (`DeckIdentity`; hashed again when one changes, e.g. on reload).
    ///   - timers: the console timers as JSON (the control socket's `timers`).
    /// Throws `MQTTError` for settings libmosquitto refuses or a deck file that cannot be read.
    public init(url: BrokerURL, caFile: String?, presentation: Presentation, deckFiles: @escaping () -> [String], timers: @escaping (Presentation) -> JSONValue) throws {
        self.url = url; self.presentation = presentation; self.timers = timers
        identity = DeckIdentity.Tracker(files: deckFiles)
        deckHash = try identity.current()
        let id = "podium-presenter-\(ProcessInfo.processInfo.processIdentifier)-\(run.prefix(6))"
        client = try MQTTClient(.init(url: url, caFile: caFile, clientID: id, will: (url.presenceTopic, "offline")))
        let (c, latest, topic, presence) = (client, latest, url.stateTopic, url.presenceTopic)
        client.onConnect = { [weak c] in
            c?.publish(presence, Data("online".utf8), retain: true)
            if let d = latest.get() { c?.publish(topic, d, retain: true) }
        }
        tick()
        client.start()
    }

    /// Publishes the state if it changed since the last call (main thread).
    public func tick() {
        let p = presentation
        // While the room keeps its picture of a scene a reload removed, followers keep theirs:
        // the console's scene is where next goes, which the room has not seen, and the removed
        // scene has no index in the new deck. The speaker's move publishes the talk again.
        guard p.heldRemovedSceneTitle == nil else { return }
        // A file that vanished mid-reload keeps the last identity; the reload itself reports it.
        if let h = try? identity.current() { deckHash = h }
        if p.isFrozen { if frozenScene == nil { frozenScene = last?.scene ?? p.currentIndex; frozenDrawings = last?.drawings ?? .null } }
        else { frozenScene = nil; frozenDrawings = .null }
        let s = p.slides.position(of: p.currentIndex), a = p.audience.bounds.size
        let pointer = p.pointerPosition.map { Point($0.x / max(1, a.width), $0.y / max(1, a.height)) }
        var state = TalkState(run: run, seq: seq + 1, sentAt: Date().timeIntervalSince1970 * 1000, deckHash: deckHash, deckTitle: p.deck.title,
                              sceneCount: p.sceneCount, scene: p.currentIndex, slide: s.slide, overlay: s.overlay,
                              audienceMode: p.audienceMode.rawValue, frozen: p.isFrozen, frozenScene: frozenScene, pointer: pointer,
                              timers: timers(p), drawings: currentOverlay(p))
        state.frozenDrawings = frozenDrawings
        // Timers tick every second; they alone are not worth a message (a follower shows none).
        var withoutTimers = state; withoutTimers.timers = last?.timers ?? .null
        if let last, withoutTimers.sameTalk(as: last) { return }
        seq += 1
        state.seq = seq
        last = state
        let data = Data(state.json.jsonString.utf8)
        latest.set(data)
        if client.isConnected { client.publish(url.stateTopic, data, retain: true) }
    }

    /// `{"scene": N, "overlay": …}` of the current scene, or null when it mirrors nothing.
    private func currentOverlay(_ p: Presentation) -> JSONValue {
        guard let m = p.currentScene as? AudienceOverlayMirroring else { overlayKey = nil; overlay = .null; return .null }
        let key = (scene: p.currentIndex, revision: m.audienceOverlayRevision)
        if let k = overlayKey, k == key { return overlay }
        let now = p.clock()
        if let k = overlayKey, k.scene == key.scene, now - overlayAt < Self.overlayInterval {
            // Too soon after the last: the timer publishes the newest then (nothing is lost).
            if overlayWake == nil {
                overlayWake = p.timers.schedule(now: now, after: overlayAt + Self.overlayInterval - now, repeats: false) { [weak self] in
                    self?.overlayWake = nil; self?.tick()
                }
            }
            return overlay
        }
        overlayKey = key; overlayAt = now
        var o = m.audienceOverlay(maxBytes: TalkState.maxOverlayBytes)
        let size = o.jsonString.utf8.count
        if size > TalkState.maxOverlayBytes {
            log("follower screens: the overlay of scene \(key.scene + 1) is \(size) bytes, over the \(TalkState.maxOverlayBytes)-byte limit; not sent")
            o = .null
        }
        overlay = ["scene": .number(Double(key.scene)), "overlay": o]
        return overlay
    }

    /// For the control socket's `state`: `{"url" (no password), "topic", "connected", "problem", "seq"}`.
    public var stateJSON: JSONValue {
        ["url": .string(url.description), "topic": .string(url.stateTopic), "connected": .bool(client.isConnected),
         "problem": client.problem.map { .string($0) } ?? .null, "seq": .number(Double(seq)), "deckHash": .string(deckHash)]
    }

    /// Says "offline" on the presence topic and disconnects; the last state stays retained.
    public func stop() {
        if client.isConnected { client.publish(url.presenceTopic, Data("offline".utf8), retain: true) }
        client.stop()
    }
}

/// One payload shared between the main thread and libmosquitto's.
final class LatestPayload: @unchecked Sendable {
    private let lock = ThreadLock()
    private var data: Data?
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data? { lock.lock(); defer { lock.unlock() }; return data }
}
