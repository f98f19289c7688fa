import CRemoteLoader
import FoundationEssentials
import PodiumKit
import Glibc
import PodiumCore

/// The remote's HTTP + WebSocket server (libsoup, on a thread of its own; see podium_remote.c).
/// Three random per-talk tokens (128 bits each from getrandom): the control token drives the talk,
/// the view token only watches (notes and the next slide included), the audience token opens only
/// the audience page for a second room and gets only the room's picture. Events from clients arrive on the server thread and are handed
/// to `events`, which must not block (it posts them to the main thread).
final class RemoteServer: @unchecked Sendable {
    enum Event { case opened(conn: UInt64, control: Bool, width: Int, height: Int), message(conn: UInt64, control: Bool, text: String), closed(conn: UInt64) }

    let viewToken: String
    let controlToken: String
    let audienceToken: String
    /// The port bound (the one asked for, or the system's pick for port 0).
    let port: Int
    private var handle: OpaquePointer?
    /// Guards `handle`: the encoder queue sends while the main thread may be stopping the server.
    private let lock = ThreadLock()
    private let box: Box

    private final class Box { let events: (Event) -> Void; init(_ e: @escaping (Event) -> Void) { events = e } }

    /// Binds `address:port` (an IP literal). `assets`: the folder with the pages (index.html, stage.html,
    /// audience.html) and their CSS and JS. Throws `RemoteError` naming the address when it cannot be bound.
    /// `tokens`: the view and control tokens to use (a restart after a crash keeps the crashed
    /// talk's, so paired phones stay paired); nil makes new ones.
    init(address: String, port: Int, assets: String, tokens: (view: String, control: String, audience: String)? = nil, events: @escaping (Event) -> Void) throws {
        try Self.loadLibraries()
        if let tokens {
            (viewToken, controlToken, audienceToken) = tokens
        } else {
            var made: [String] = []
            while made.count < 3 { let t = try Self.token(); if !made.contains(t) { made.append(t) } }
            (viewToken, controlToken, audienceToken) = (made[0], made[1], made[2])
        }
        box = Box(events)
        let ctx = Unmanaged.passUnretained(box).toOpaque()
        let callbacks = podium_remote_callbacks(
            context: ctx,
            opened: { ctx, conn, control, w, h in
                Unmanaged<Box>.fromOpaque(ctx!).takeUnretainedValue().events(.opened(conn: conn, control: control != 0, width: Int(w), height: Int(h)))
            },
            message: { ctx, conn, control, text, len in
                let s = String(decoding: UnsafeRawBufferPointer(start: text, count: len), as: UTF8.self)
                Unmanaged<Box>.fromOpaque(ctx!).takeUnretainedValue().events(.message(conn: conn, control: control != 0, text: s))
            },
            closed: { ctx, conn in Unmanaged<Box>.fromOpaque(ctx!).takeUnretainedValue().events(.closed(conn: conn)) })
        var error = [CChar](repeating: 0, count: 512)
        guard let h = podium_remote_start(address, Int32(port), assets, viewToken, controlToken, audienceToken, callbacks, &error, error.count) else {
            throw RemoteError(error.withUnsafeBytes { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        handle = h
        self.port = Int(podium_remote_port(h))
    }

    /// Opens the server library and libqrencode (once; CRemoteLoader): they are loaded only
    /// for a talk with a remote, not at launch. Throws `RemoteError` naming the library.
    static func loadLibraries() throws {
        // Code loaded into the talk passes the plugins' trust checks (owner, no group or other write).
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 64)
        podium_remote_server_path(&buffer, buffer.count)
        let path = buffer.withUnsafeBytes { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if FileManager.default.fileExists(atPath: path), let why = PluginTrust.refusal(path) {
            throw RemoteError("--remote: \(path) is not loaded: \(why)")
        }
        var error = [CChar](repeating: 0, count: 512)
        guard podium_remote_load(&error, error.count) == 0 else {
            throw RemoteError("--remote: \(error.withUnsafeBytes { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })")
        }
    }

    static func token() throws -> String {
        var out = [CChar](repeating: 0, count: 33)
        guard podium_remote_random_token(&out) == 0 else { throw RemoteError("--remote: no random bytes from getrandom: \(String(cString: strerror(errno)))") }
        return out.withUnsafeBytes { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Sends `text` to one client, or to all (`conn` 0). Any thread.
    func send(_ text: String, to conn: UInt64 = 0) {
        lock.lock(); defer { lock.unlock() }
        if let h = handle { podium_remote_send_text(h, conn, 0, text) }
    }
    /// Sends bytes to every client. Any thread.
    func sendBinary(_ bytes: [UInt8]) {
        lock.lock(); defer { lock.unlock() }
        if let h = handle { bytes.withUnsafeBytes { podium_remote_send_binary(h, $0.baseAddress, $0.count) } }
    }

    /// Closes every connection and stops the server thread.
    func stop() {
        lock.lock(); let h = handle; handle = nil; lock.unlock()
        if let h { podium_remote_stop(h) }
    }
    deinit { stop() }
}

public struct RemoteError: Error, CustomStringConvertible {
    public var description: String
    init(_ d: String) { description = d }
}
