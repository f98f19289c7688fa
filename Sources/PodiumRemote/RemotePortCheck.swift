import FoundationEssentials
import Glibc

extension RemoteSession {
    /// Whether `--remote`'s `[ADDR:]PORT` can be listened on, checked before any window opens: a
    /// busy port then stops the launch at once with an error naming the port and the option,
    /// instead of windows flashing up and closing (a trial saw that). The check binds a socket
    /// the way the server will (SO_REUSEADDR, as GLib's listening sockets) and closes it; port 0
    /// (the system picks) always passes. A server that takes the port between this check and
    /// the talk's own bind still fails when the remote starts.
    /// - Throws: `RemoteError` for a bad spec (as `parse`) or an address and port that cannot be
    ///   bound, quoting them and the system's reason.
    public static func checkPort(_ spec: String) throws {
        let (address, port) = try parse(spec)
        guard port != 0 else { return }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        // Not an IP literal: the server's own bind reports it.
        guard getaddrinfo(address, String(port), &hints, &list) == 0, let first = list else { return }
        defer { freeaddrinfo(first) }
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let ai = cursor {
            cursor = ai.pointee.ai_next
            let fd = socket(ai.pointee.ai_family, ai.pointee.ai_socktype, ai.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, ai.pointee.ai_addr, ai.pointee.ai_addrlen) != 0 else { continue }
            let err = errno
            let shown = address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
            let why = err == EADDRINUSE ? "port \(port) is already in use (another podium or server?); choose a free one, e.g. --remote \(port == 65535 ? port - 1 : port + 1)"
                                        : "port \(port) cannot be used: \(String(cString: strerror(err)))"
            throw RemoteError("--remote \(shown): \(why)")
        }
    }
}
