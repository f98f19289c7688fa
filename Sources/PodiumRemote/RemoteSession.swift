import Dispatch
import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit
import PodiumSDL

/// `podium present --remote [ADDR:]PORT`: the phone remote for one talk. Owns the server (its own
/// thread), pushes the talk's state to every client when it changes and slide pictures when the
/// audience view or the next scene changes, and runs control clients' requests on the main
/// thread through `handle` (the control socket's own handler). View clients only watch.
@MainActor
public final class RemoteSession {
    /// The tokened links: `controlURL` drives the talk, `viewURL` only watches; `stageURL` (a
    /// stage display) carries the view token; `audienceURL` (the audience view for a second room,
    /// handed to people who must not read the notes) a token of its own that opens nothing else.
    public let controlURL: String
    public let viewURL: String
    public let stageURL: String
    public let audienceURL: String
    let server: RemoteServer
    let presentation: Presentation
    let text: TextEngine
    /// The longest side of a picture, in pixels, whatever a client asks for.
    static let pictureMaxSide = 1600
    /// Where the pictures are drawn (current, next), remade when their size changes.
    private var canvases: [PictureCanvas?] = [nil, nil]
    let handle: (String) -> String
    let timers: (Presentation) -> JSONValue
    let pairing: PairingCodeView
    struct Client { var control: Bool; var width: Int }
    private var clients: [UInt64: Client] = [:]
    /// The phone whose drag shows the pointer dot: the dot goes with it.
    private var pointerOwner = RemotePointerOwner()
    private var lastState = ""
    /// Bumped whenever the audience view or the next scene asks for a redraw; pictures are made
    /// again when it differs from the one last made, one batch in flight at a time.
    private var generation = 0, madeGeneration = -1, encoding = false
    /// The last pictures were drawn while images were still decoding: draw again once they are done.
    private var waitingForImages = false
    private let encoder = DispatchQueue(label: "podium.remote.images", qos: .userInitiated)
    /// What the pictures cost so far (for `make bench`): batches made, CPU ms drawing them on the
    /// main thread, CPU ms encoding them on the encoder queue.
    private var batches = 0, drawCPU = 0.0, encodeCPU = 0.0
    /// What each picture (current, next) last sent showed: its painting commands and width. A
    /// redraw request that changes neither (a neighbouring page rendered ahead, a view redrawn the
    /// same) is not drawn, encoded or sent again. Cleared when a client joins (it needs both).
    private var sent: [(commands: [DrawCommand], width: Int32)?] = [nil, nil]

    /// `[ADDR:]PORT` → address and port; ADDR (an IP address, or localhost) defaults to
    /// 127.0.0.1, `[v6]:PORT` for IPv6.
    /// Throws `RemoteError` quoting the value when it is not of that form.
    /// Opens the remote's libraries (libsoup through the server library, libqrencode), which a
    /// talk without `--remote` never loads; call before any window opens, so a missing one stops
    /// the launch at once. Throws `RemoteError` naming the library and the loader's error.
    public static func loadLibraries() throws { try RemoteServer.loadLibraries() }

    public static func parse(_ spec: String) throws -> (address: String, port: Int) {
        let bad = RemoteError("--remote expects [ADDR:]PORT (e.g. 8080 or 0.0.0.0:8080), got \(SafeText.quote(spec))")
        var address = "127.0.0.1", portText = Substring(spec)
        if spec.hasPrefix("["), let close = spec.firstIndex(of: "]") {
            address = String(spec[spec.index(after: spec.startIndex)..<close])
            guard spec[close...].hasPrefix("]:") else { throw bad }
            portText = spec[spec.index(close, offsetBy: 2)...]
        } else if let colon = spec.lastIndex(of: ":") {
            address = String(spec[..<colon]); portText = spec[spec.index(after: colon)...]
        }
        guard !address.isEmpty, let port = Int(portText), (0...65535).contains(port) else { throw bad }
        return (address.lowercased() == "localhost" ? "127.0.0.1" : address, port)
    }

    /// Starts the server and puts the pairing code in the presenter view's sidebar.
    /// - Parameters:
    ///   - spec: `[ADDR:]PORT` as given to `--remote`.
    ///   - text: the windows' text engine, which the pictures' own renderers share.
    ///   - handle: answers one control request line (JSON) as the control socket does; main thread.
    ///   - timers: the talk's timers as the control socket's `state` reports them.
    /// - Throws: `RemoteError` for a bad spec, an address that cannot be bound, or no random bytes.
    ///   - keeping: the tokens and port of the talk this one restarts after a crash (`identity`),
    ///     so phones and stage pages paired with it reconnect; its port is used when `spec`
    ///     asks for any port (0) and is still free.
    public init(spec: String, presentation: Presentation, text: TextEngine, assets: URL, keeping: Identity? = nil,
                handle: @escaping (String) -> String, timers: @escaping (Presentation) -> JSONValue) throws {
        let (address, port) = try Self.parse(spec)
        self.presentation = presentation; self.text = text; self.handle = handle; self.timers = timers
        weak var me: RemoteSession?
        let tokens = keeping.map { (view: $0.viewToken, control: $0.controlToken, audience: $0.audienceToken) }
        let events: (RemoteServer.Event) -> Void = { event in MainThreadMailbox.shared.post { me?.receive(event) } }
        if port == 0, let kept = keeping?.port, kept != 0,
           let again = try? RemoteServer(address: address, port: kept, assets: assets.path, tokens: tokens, events: events) {
            server = again
        } else {
            server = try RemoteServer(address: address, port: port, assets: assets.path, tokens: tokens, events: events)
        }
        let host = Self.advertisedHost(bound: address)
        let base = "http://\(host.contains(":") ? "[\(host)]" : host):\(server.port)/"
        controlURL = base + "?t=" + server.controlToken
        viewURL = base + "?t=" + server.viewToken
        stageURL = base + "stage?t=" + server.viewToken
        audienceURL = base + "audience?t=" + server.audienceToken
        pairing = PairingCodeView(url: controlURL)
        me = self
        presentation.console.addSidebarPanel(pairing)
        updatePairing()
        for root in [presentation.audience, presentation.nextStage] {
            let earlier = root.onNeedsDisplay
            root.onNeedsDisplay = { [weak self] in earlier?(); self?.generation += 1 }
        }
    }

    /// What identifies this remote to paired phones: its tokens and the port it is bound to.
    public struct Identity: Equatable, Sendable {
        public var viewToken: String, controlToken: String, audienceToken: String, port: Int
        public init(viewToken: String, controlToken: String, audienceToken: String, port: Int) {
            self.viewToken = viewToken; self.controlToken = controlToken; self.audienceToken = audienceToken; self.port = port
        }
        /// As `text` gives it (`VIEW CONTROL AUDIENCE PORT`); nil unless the three tokens are 32
        /// lowercase hex digits and differ, and the port is 1…65535.
        public init?(text: String) {
            let parts = text.split(separator: " ").map(String.init)
            func token(_ t: String) -> Bool { t.count == 32 && t.allSatisfy { "0123456789abcdef".contains($0) } }
            guard parts.count == 4, parts[0..<3].allSatisfy(token), Set(parts[0..<3]).count == 3,
                  let port = Int(parts[3]), (1...65535).contains(port) else { return nil }
            self.init(viewToken: parts[0], controlToken: parts[1], audienceToken: parts[2], port: port)
        }
        public var text: String { "\(viewToken) \(controlToken) \(audienceToken) \(port)" }
    }
    public var identity: Identity {
        Identity(viewToken: server.viewToken, controlToken: server.controlToken, audienceToken: server.audienceToken, port: server.port)
    }

    /// The host for the links: the bound address, or for a wildcard bind (0.0.0.0, ::) this
    /// machine's first non-loopback IPv4 address, which a phone on the same network can reach.
    static func advertisedHost(bound: String) -> String {
        guard bound == "0.0.0.0" || bound == "::" else { return bound }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return "127.0.0.1" }
        defer { freeifaddrs(list) }
        var p = list
        while let a = p {
            defer { p = a.pointee.ifa_next }
            guard let sa = a.pointee.ifa_addr, sa.pointee.sa_family == sa_family_t(AF_INET),
                  a.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0, a.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(sa, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                return host.withUnsafeBytes { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            }
        }
        return "127.0.0.1"
    }

    /// What the control socket's `state` reports as `remote`.
    public var stateJSON: JSONValue {
        ["url": .string(controlURL), "viewUrl": .string(viewURL), "stageUrl": .string(stageURL), "audienceUrl": .string(audienceURL),
         "clients": .number(Double(clients.count)),
         "pictures": ["batches": .number(Double(batches)), "drawCPUms": .number(drawCPU), "encodeCPUms": .number(encodeCPU)]]
    }
    /// The log's one line about the remote: every link, printed once at start.
    public var logLine: String { "remote control \(controlURL) (view only: \(viewURL); stage display: \(stageURL); audience view: \(audienceURL))" }

    public func stop() { server.stop() }

    // MARK: Clients (main thread)

    func receive(_ event: RemoteServer.Event) {
        switch event {
        case let .opened(conn, control, width, _):
            clients[conn] = Client(control: control, width: width)
            server.send(JSONValue.object(["type": "hello", "control": .bool(control)]).jsonString, to: conn)
            if !lastState.isEmpty { server.send(lastState, to: conn) }
            generation += 1; sent = [nil, nil]   // its pictures
            updatePairing()
        case let .message(conn, control, text):
            guard clients[conn] != nil else { return }
            server.send(control ? answer(text, from: conn) : answerViewer(text), to: conn)
        case let .closed(conn):
            clients[conn] = nil
            if pointerOwner.left(conn, in: presentation) { presentation.log("remote: a phone left while pointing: its dot goes") }
            updatePairing()
        }
        tick()
    }

    /// A control client's request: the control socket's requests but `screenshot`, plus `pointer`
    /// with `fx`/`fy` (0…1 across the audience view, from a drag on the slide picture; null hides
    /// the dot; it goes too when the phone `conn` leaves or stops refreshing it, `RemotePointerOwner`).
    func answer(_ text: String, from conn: UInt64 = 0) -> String {
        let request = try? JSONValue.parse(Data(text.utf8))
        // The resume question is the speaker's, on the presenter view: the phone waits for it.
        if let hold = presentation.talkHold, request?["cmd"]?.string != "state" {
            // Next or previous answers the resume question as a clicker's key does: it resumes.
            if ["next", "previous"].contains(request?["cmd"]?.string), presentation.navigationAnswersQuestion() {
                return JSONValue.object(["ok": true]).jsonString
            }
            return JSONValue.object(["ok": false, "error": .string("\(hold): answer it on the presenter view (Return, Page Down or F5 resumes; Esc twice starts fresh) or press next here to resume")]).jsonString
        }
        if request?["cmd"]?.string == "screenshot" {
            // It writes a file wherever it is told: only the local control socket (this user) may ask.
            return JSONValue.object(["ok": false, "error": "screenshot writes files on the presenter's machine: ask over the control socket"]).jsonString
        }
        if let v = request, v["cmd"]?.string == "pointer", let fx = v["fx"] {
            let f = (fx.number, v["fy"]?.number)
            let shown: Bool
            if let x = f.0, let y = f.1, x.isFinite, y.isFinite { shown = presentation.movePointer(toAudienceFraction: Point(x, y)) }
            else { shown = presentation.movePointer(toAudienceFraction: nil) }
            pointerOwner.moved(by: conn, in: presentation)
            return JSONValue.object(["ok": true, "shown": .bool(shown)]).jsonString
        }
        return handle(text)
    }

    /// A view client may ask for the state again, nothing else.
    func answerViewer(_ text: String) -> String {
        if let v = try? JSONValue.parse(Data(text.utf8)), v["cmd"]?.string == "state" { return stateMessage().jsonString }
        return JSONValue.object(["ok": false, "error": "this is a view-only link: it cannot drive the talk"]).jsonString
    }

    func updatePairing() {
        let control = clients.values.filter(\.control).count, view = clients.count - control
        pairing.status = "REMOTE  \(control) control · \(view) view"
        pairing.folded = control > 0
        presentation.console.setNeedsLayout()   // its length follows `sidebarLength`
    }

    // MARK: Pushing (main thread, every turn of the run loop)

    /// Sends the state when it changed and new pictures when the audience or next scene changed.
    public func tick() {
        guard !clients.isEmpty else { lastState = ""; return }
        let s = stateMessage().jsonString
        if s != lastState { lastState = s; server.send(s) }
        if waitingForImages, imagesDecoding == 0 { waitingForImages = false; generation += 1; sent = [nil, nil] }
        if generation != madeGeneration, !encoding { makePictures() }
    }

    /// Images the pictures' renderers are still decoding (the pictures are drawn again when done).
    private var imagesDecoding: Int { canvases.reduce(0) { $0 + ($1?.imagesDecoding ?? 0) } }

    /// CPU time this thread has used, in ms.
    nonisolated static func threadCPUms() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }

    func stateMessage() -> JSONValue {
        let p = presentation, i = p.currentIndex, a = p.audience.bounds.size
        // Where next goes (during a look-up: after the scene the room sees), as the console says.
        let next: JSONValue = p.nextSceneIndex.map { ["index": .number(Double($0)), "title": .string(p.title(at: $0))] } ?? .null
        let pointer: JSONValue = p.pointerPosition.map { ["fx": .number($0.x / max(1, a.width)), "fy": .number($0.y / max(1, a.height))] } ?? .null
        return [
            "type": "state",
            "scene": ["index": .number(Double(i)), "count": .number(Double(p.sceneCount)), "title": .string(p.title(at: i))],
            // Slides as the console and the go-to-slide prompt count them (a PDF's overlays are one slide).
            "slide": p.slides.stateJSON(of: i),
            "next": next,
            "notes": .string(p.deck.scenes[i].notes),
            "timers": timers(p),
            "audienceMode": .string(p.audienceMode.rawValue),
            "frozen": .bool(p.isFrozen),
            // The room keeps a picture through a reload (a removed scene, a deck being fixed):
            // "AUDIENCE HELD" on the console, "HELD" here.
            "held": .bool(p.isRoomHeld),
            "pointer": pointer,
            "aspect": .number(a.width / max(1, a.height)),
            // Why the remote cannot drive the talk now (the resume question is open), else null.
            "hold": p.talkHold.map { .string($0) } ?? .null,
        ]
    }

    /// Draws the audience view and the next scene at the widest client's size (main thread),
    /// then encodes and sends them from the encoder queue. Binary message: byte 0 is 0 for the
    /// current picture and 1 for the next, byte 1 is 0 for JPEG and 1 for PNG, then the image
    /// (no image bytes: no next scene).
    func makePictures() {
        madeGeneration = generation
        let p = presentation, a = p.audience.bounds.size
        guard a.width > 0, a.height > 0 else { return }
        let asked = clients.values.map(\.width).max() ?? 0
        let w = Double(min(RemoteSession.pictureMaxSide, max(160, asked == 0 ? 800 : asked)))
        var shots: [(kind: UInt8, rgba: [UInt8], w: Int32, h: Int32)] = []
        let drawStart = Self.threadCPUms()
        defer { drawCPU += Self.threadCPUms() - drawStart }
        do {
            for (kind, root, width) in [(UInt8(0), p.audience, w), (1, p.nextStage, (w / 2).rounded())] {
                let k = Int(kind)
                if kind == 1, p.nextSceneIndex == nil {
                    if sent[k].map({ $0.width != 0 }) ?? true { shots.append((1, [], 0, 0)); sent[k] = ([], 0) }
                    continue
                }
                let scale = width / a.width, w = Int32(width), h = Int32((a.height * scale).rounded())
                let list = root.drawList()
                // A bitmap at opacity 0 is a page uploaded ahead: it paints nothing.
                let painting = list.commands.filter { if case let .bitmap(_, _, opacity) = $0 { opacity > 0 } else { true } }
                if let last = sent[k], last.width == w, last.commands == painting { continue }
                if canvases[k].map({ $0.w != w || $0.h != h }) ?? true { canvases[k] = try PictureCanvas(w: w, h: h, text: text) }   // throws SDLError
                shots.append((kind, canvases[k]!.pixels(of: list, background: root.backgroundColor, scale: scale), w, h))
                sent[k] = (painting, w)
            }
        } catch {
            p.log("remote: \(error)")
            return
        }
        guard !shots.isEmpty else { return }
        waitingForImages = imagesDecoding > 0
        encoding = true
        let server = self.server, batch = shots
        batches += 1
        // The session is a main-actor type; the encoder thread hands it back through the main-thread mailbox.
        encoder.async { [weak self] in
            let start = Self.threadCPUms()
            for s in batch {
                let image = s.rgba.isEmpty ? nil : PixelEncoding.jpegOrPNG(s.rgba, w: s.w, h: s.h)
                server.sendBinary([s.kind, image?.png == true ? 1 : 0] + (image?.bytes ?? []))
            }
            let spent = Self.threadCPUms() - start
            MainThreadMailbox.shared.post { self?.encodeCPU += spent; self?.encoding = false; self?.tick() }
        }
    }
}
