import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// `podium follow`: keeps a local `Presentation` of the same deck in step with the presenter's
/// retained `TalkState`. The room sees a cover with a message (never a slide) until a state
/// for this very deck arrives, and again whenever the presenter's deck differs; a lost broker
/// keeps the last frame and shows a small indicator in a corner. Main thread only, except the
/// MQTT callbacks, which post to `MainThreadMailbox`.
@MainActor
public final class FollowerSession {
    public enum Status: String, Sendable {
        /// No state for this talk yet (the cover says so).
        case waiting
        /// In step with the presenter.
        case following
        /// The presenter's deck is not this one (the cover says so).
        case mismatch
        /// The presenter's message cannot be shown (unreadable, newer format).
        case refused
    }

    public let url: BrokerURL
    public let presentation: Presentation
    public let deckHash: String
    let client: MQTTClient
    public private(set) var status = Status.waiting
    public private(set) var message: String
    public private(set) var connected = false
    public private(set) var presenterOnline: Bool?
    public private(set) var last: TalkState?
    public private(set) var received = 0
    let cover = FollowerCoverView()
    let indicator = FollowerIndicatorView()
    /// Applied states, newest last (at most 1024): for tests and `make bench` (latency per advance).
    public private(set) var history: [Applied] = []
    public struct Applied {
        public var run: String, seq: Int, scene: Int, sentAt: Double, appliedAt: Double
        /// Wall-clock ms when the frame showing it was presented (nil until then).
        public var renderedAt: Double?
    }
    public var log: (String) -> Void = { _ in }

    /// Adds the cover and the indicator to the audience view and starts connecting (returns at once).
    /// Throws `MQTTError` for settings libmosquitto refuses.
    public init(url: BrokerURL, caFile: String?, presentation: Presentation, deckHash: String) throws {
        self.url = url; self.presentation = presentation; self.deckHash = deckHash
        message = "Waiting for the presenter on \(url.host) (\(url.topic))…"
        let id = "podium-follower-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        client = try MQTTClient(.init(url: url, caFile: caFile, clientID: id))
        for v in [cover, indicator] as [View] { presentation.audience.overlay.addSubview(v) }
        cover.pins = .fill()
        indicator.pins = Pins(trailing: 16, bottom: 12, width: 260, height: 22)
        cover.show(message)
        indicator.show("connecting to \(url.host)…")
        let (stateTopic, presenceTopic) = (url.stateTopic, url.presenceTopic)
        let c = client
        client.onConnect = { [weak c] in c?.subscribe(stateTopic); c?.subscribe(presenceTopic) }
        // The session is a main-actor type; the MQTT thread reaches it only through the main-thread mailbox.
        client.onStatus = { [weak self] up in MainThreadMailbox.shared.post { self?.connectionChanged(up) } }
        client.onMessage = { [weak self] topic, data in
            MainThreadMailbox.shared.post {
                guard let s = self else { return }
                if topic == presenceTopic { s.presenterOnline = String(decoding: data, as: UTF8.self) == "online"; s.updateIndicator() }
                else if topic == stateTopic { s.receive(data) }
            }
        }
        client.start()
    }

    public func stop() { client.stop() }

    func connectionChanged(_ up: Bool) {
        guard up != connected else { return }
        connected = up
        log(up ? "connected to \(url)" : "broker \(url) lost (\(client.problem ?? "disconnected")); keeping the last frame, reconnecting")
        updateIndicator()
    }

    /// Once per turn of the run loop (main thread): while the broker is away, the cover and the
    /// indicator say why (libmosquitto retries without a callback).
    public func tick() {
        guard !connected else { return }
        updateIndicator()
        if status == .waiting {
            let why = client.problem.map { "\n\nbroker: \(short($0, 120))" } ?? ""
            let text = "Waiting for the presenter on \(url.host) (\(url.topic))…" + why
            if text != message { message = text; cover.show(text); presentation.audience.requestRedraw() }
        }
    }

    func updateIndicator() {
        let text: String?
        if !connected { text = client.problem.map { _ in "broker offline · reconnecting" } ?? "connecting to \(url.host)…" }
        else if presenterOnline == false { text = "presenter offline" }
        else { text = nil }
        guard text != indicator.text else { return }
        indicator.show(text)
        presentation.audience.requestRedraw()
    }

    /// One state message (main thread).
    func receive(_ data: Data) {
        received += 1
        let s: TalkState
        do { s = try TalkState(payload: data) } catch {
            // The room keeps what it had; a follower that never had anything says why.
            log("ignored a state message: \(error)")
            if status != .following { setStatus(.refused, "Cannot follow this talk: \(error)") }
            return
        }
        apply(s)
    }

    /// Shows `s` if it is for this deck and newer than what is shown.
    public func apply(_ s: TalkState) {
        guard s.deckHash == deckHash else {
            setStatus(.mismatch, "This screen's deck is not the presenter's: the presenter shows “\(short(s.deckTitle))” (\(s.deckHash.prefix(19))…), this deck is \(deckHash.prefix(19))…. Copy the presenter's deck file(s) here.")
            return
        }
        let p = presentation
        guard s.sceneCount == p.sceneCount else {
            setStatus(.mismatch, "Same deck files, but the presenter has \(s.sceneCount) scenes and this screen \(p.sceneCount): use the same --notes and talk.pdfpc.")
            return
        }
        if let l = last, l.run == s.run, s.seq <= l.seq { return }
        func show(_ i: Int) { if i != p.currentIndex { p.goTo(i) } }
        if s.frozen {
            // The room sees the frame frozen at `frozenScene`; the talk may have moved on behind it.
            if !p.isFrozen {
                show(s.frozenScene ?? s.scene)
                // A late joiner's frozen frame holds the drawings the room's does (not those
                // drawn behind the freeze since).
                if s.frozenDrawings["scene"]?.int == p.currentIndex { applyOverlay(s.frozenDrawings) }
                p.setFrozen(true)
            }
            show(s.scene)
        } else {
            if p.isFrozen { p.setFrozen(false) }
            show(s.scene)
        }
        applyOverlay(s.drawings)
        let mode = AudienceMode(rawValue: s.audienceMode) ?? .black
        if p.audienceMode != mode { p.audienceMode = mode }
        p.movePointer(toAudienceFraction: s.pointer)
        last = s
        history.append(Applied(run: s.run, seq: s.seq, scene: s.scene, sentAt: s.sentAt, appliedAt: Date().timeIntervalSince1970 * 1000))
        if history.count > 1024 { history.removeFirst(history.count - 1024) }
        setStatus(.following, "Following “\(short(s.deckTitle))”")
    }

    /// The scene's overlay as last applied (which scene object, what), so a state that changed
    /// only the pointer or a timer does not read the strokes again.
    private var appliedOverlay: (scene: ObjectIdentifier, value: JSONValue)?

    /// Hands the current scene what the presenter's scene shows over its content (the PDF
    /// scene's strokes, spotlight, zoom); null (nothing) when the state's is another scene's.
    func applyOverlay(_ drawings: JSONValue) {
        let p = presentation
        guard let m = p.currentScene as? AudienceOverlayMirroring else { return }
        let value = drawings["scene"]?.int == p.currentIndex ? drawings["overlay"] ?? .null : .null
        let id = ObjectIdentifier(m)
        if let a = appliedOverlay, a.scene == id, a.value == value { return }
        do {
            try m.applyAudienceOverlay(value)
            appliedOverlay = (id, value)
        } catch {
            // The room keeps what it showed; the next state may be readable again.
            log("ignored the drawings of scene \(p.currentIndex + 1): \(error)")
        }
        p.audience.requestRedraw()
    }

    func setStatus(_ s: Status, _ text: String) {
        if s != status || text != message { log(text) }
        status = s; message = text
        cover.show(s == .following ? nil : text)
        presentation.audience.requestRedraw()
    }

    /// Call after the audience window presented a frame: stamps what it now shows.
    public func didRender() {
        let now = Date().timeIntervalSince1970 * 1000
        var i = history.count - 1
        while i >= 0, history[i].renderedAt == nil { history[i].renderedAt = now; i -= 1 }
    }

    /// For the follower's control socket `state`.
    public var stateJSON: JSONValue {
        [
            "url": .string(url.description), "topic": .string(url.stateTopic), "connected": .bool(connected),
            "problem": client.problem.map { .string($0) } ?? .null,
            "status": .string(status.rawValue), "message": .string(message),
            "presenterOnline": presenterOnline.map { .bool($0) } ?? .null,
            "deckHash": .string(deckHash), "presenterDeckHash": last.map { .string($0.deckHash) } ?? .null,
            "seq": last.map { .number(Double($0.seq)) } ?? .null, "received": .number(Double(received)),
            "indicator": indicator.text.map { .string($0) } ?? .null, "cover": cover.text.map { .string($0) } ?? .null,
        ]
    }

    /// The last `limit` applied states: seq, scene, and sent/applied/rendered wall-clock ms.
    public func historyJSON(limit: Int) -> JSONValue {
        .array(history.suffix(limit).map { h in
            ["run": .string(h.run), "seq": .number(Double(h.seq)), "scene": .number(Double(h.scene)), "sentAt": .number(h.sentAt),
             "appliedAt": .number(h.appliedAt), "renderedAt": h.renderedAt.map { .number($0) } ?? .null]
        })
    }
}
