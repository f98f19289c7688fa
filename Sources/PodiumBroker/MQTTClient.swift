import CMosquitto
import Dispatch
import FoundationEssentials
import PodiumKit
import Glibc

/// One connection to an MQTT broker through libmosquitto. All network I/O runs on libmosquitto's
/// own thread (`mosquitto_loop_start`): `publish` only queues and wakes that thread, so the
/// caller (the render loop) never waits on the network. A lost broker is reconnected with
/// exponential backoff (1 s, 2 s, 4 s … 10 s); `onConnect` runs after every (re)connection.
public final class MQTTClient: @unchecked Sendable {
    /// What the connection needs besides the URL.
    public struct Settings: Sendable {
        public var url: BrokerURL
        /// CA certificates (PEM) for mqtts://; nil: the system's (/etc/ssl/certs).
        public var caFile: String?
        public var clientID: String
        /// Published retained by the broker when this client vanishes without saying goodbye.
        public var will: (topic: String, payload: String)?
        public init(url: BrokerURL, caFile: String? = nil, clientID: String, will: (topic: String, payload: String)? = nil) {
            self.url = url; self.caFile = caFile; self.clientID = clientID; self.will = will
        }
    }

    private static let libraryReady: Bool = { mosquitto_lib_init(); return true }()
    /// libmosquitto and libcrypto are opened on first use, not at launch (CMosquitto). Throws
    /// `MQTTError` naming the library that cannot be loaded.
    static func loadLibraries() throws {
        var error = [CChar](repeating: 0, count: 512)
        guard podium_broker_load(&error, error.count) == 0 else {
            throw MQTTError(error.withUnsafeBytes { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
    }
    private let mosq: OpaquePointer
    private let lock = ThreadLock()
    private var connectedFlag = false
    private var problemText: String?
    private var started = false
    private var starter: DispatchSemaphore?
    public let settings: Settings

    /// On libmosquitto's thread, after each successful CONNACK (subscribe and republish here).
    public var onConnect: (@Sendable () -> Void)?
    /// On libmosquitto's thread: a message's topic and payload.
    public var onMessage: (@Sendable (String, Data) -> Void)?
    /// On libmosquitto's thread: the connection state changed (true: connected).
    public var onStatus: (@Sendable (Bool) -> Void)?

    /// Throws `MQTTError` when libmosquitto refuses the settings (e.g. an unreadable CA file).
    public init(_ settings: Settings) throws {
        try MQTTClient.loadLibraries()
        _ = Self.libraryReady
        self.settings = settings
        guard let m = mosquitto_new(settings.clientID, true, nil) else { throw MQTTError("libmosquitto could not create a client") }
        mosq = m
        mosquitto_user_data_set(m, Unmanaged.passUnretained(self).toOpaque())
        let url = settings.url
        if let u = url.username { try check(mosquitto_username_pw_set(m, u, url.password), "user name") }
        if url.tls {
            if let ca = settings.caFile, !FileManager.default.isReadableFile(atPath: ca) { throw MQTTError("--broker-ca \(ca): cannot read the file") }
            try check(mosquitto_tls_set(m, settings.caFile, settings.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil), "TLS settings")
        }
        if let w = settings.will {
            try check(mosquitto_will_set(m, w.topic, Int32(w.payload.utf8.count), w.payload, 1, true), "will message")
        }
        mosquitto_reconnect_delay_set(m, 1, 10, true)
        mosquitto_connect_callback_set(m) { _, ud, rc in MQTTClient.from(ud)?.connected(rc) }
        mosquitto_disconnect_callback_set(m) { _, ud, rc in MQTTClient.from(ud)?.disconnected(rc) }
        // libmosquitto says why a (re)connection failed only in its log (TLS, DNS): keep the last error.
        mosquitto_log_callback_set(m) { _, ud, level, text in
            guard level & (MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0, let c = MQTTClient.from(ud), let text else { return }
            c.noteProblem(String(cString: text))
        }
        mosquitto_message_callback_set(m) { _, ud, msg in
            guard let c = MQTTClient.from(ud), let msg else { return }
            let topic = String(cString: msg.pointee.topic)
            let data = msg.pointee.payload.map { Data(bytes: $0, count: Int(msg.pointee.payloadlen)) } ?? Data()
            c.onMessage?(topic, data)
        }
    }

    deinit { stop(); mosquitto_destroy(mosq) }

    private static func from(_ ud: UnsafeMutableRawPointer?) -> MQTTClient? {
        ud.map { Unmanaged<MQTTClient>.fromOpaque($0).takeUnretainedValue() }
    }

    private func check(_ rc: Int32, _ what: String) throws {
        guard rc == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError("\(what): \(String(cString: mosquitto_strerror(rc)))") }
    }

    /// Starts connecting in the background and returns at once: name resolution, the TCP
    /// connection and the TLS handshake run on a starter thread, then on libmosquitto's network
    /// thread. An unreachable broker is not an error: it is retried with backoff (`problem` says why).
    public func start() {
        lock.lock()
        guard !started else { lock.unlock(); return }
        started = true
        lock.unlock()
        let done = DispatchSemaphore(value: 0)
        starter = done
        let (host, port) = (settings.url.host, Int32(settings.url.port))
        startDetachedThread { [self] in
            // No lock is held here: libmosquitto's log callback (noteProblem) may run inside these calls.
            let rc = mosquitto_connect_async(mosq, host, port, 10)
            // The log line (e.g. OpenSSL's "certificate verify failed") says more than the code.
            if rc != MOSQ_ERR_SUCCESS.rawValue { noteProblem(Self.describe(rc), unlessKnown: true) }
            let loop = mosquitto_loop_start(mosq)
            if loop != MOSQ_ERR_SUCCESS.rawValue { noteProblem("network thread: \(String(cString: mosquitto_strerror(loop)))") }
            done.signal()
        }
    }

    /// Disconnects (the will is not sent: a clean goodbye) and joins the network thread.
    public func stop() {
        lock.lock()
        let was = started; started = false
        lock.unlock()
        guard was else { return }
        starter?.wait()
        mosquitto_disconnect(mosq)
        mosquitto_loop_stop(mosq, false)
    }

    public var isConnected: Bool { lock.lock(); defer { lock.unlock() }; return connectedFlag }
    /// Why the client is not connected (refused, unreachable), nil when connected or not yet known.
    public var problem: String? { lock.lock(); defer { lock.unlock() }; return connectedFlag ? nil : problemText }

    /// Queues `payload` for `topic` (QoS 1) and returns at once; false when libmosquitto refused it
    /// (not connected, or the message is too large). Thread-safe.
    @discardableResult
    public func publish(_ topic: String, _ payload: Data, retain: Bool) -> Bool {
        payload.withUnsafeBytes { b in
            mosquitto_publish(mosq, nil, topic, Int32(b.count), b.baseAddress, 1, retain) == MOSQ_ERR_SUCCESS.rawValue
        }
    }

    /// Subscribes with QoS 1 (call from `onConnect`: the session is clean, so each connection subscribes anew).
    public func subscribe(_ pattern: String) { mosquitto_subscribe(mosq, nil, pattern, 1) }

    private func noteProblem(_ text: String, unlessKnown: Bool = false) {
        lock.lock(); defer { lock.unlock() }
        if !connectedFlag, !(unlessKnown && problemText != nil) { problemText = String(text.prefix(200)) }
    }

    private func connected(_ rc: Int32) {
        lock.lock()
        connectedFlag = rc == 0
        problemText = rc == 0 ? nil : "broker refused the connection: \(String(cString: mosquitto_connack_string(rc)))"
        lock.unlock()
        guard rc == 0 else { onStatus?(false); return }
        onConnect?()
        onStatus?(true)
    }

    private func disconnected(_ rc: Int32) {
        lock.lock()
        let was = connectedFlag
        connectedFlag = false
        if rc != 0, was { problemText = "connection lost" }
        lock.unlock()
        onStatus?(false)
    }

    static func describe(_ rc: Int32) -> String {
        rc == MOSQ_ERR_ERRNO.rawValue ? "cannot reach the broker: \(String(cString: strerror(errno)))" : String(cString: mosquitto_strerror(rc))
    }
}

public struct MQTTError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
