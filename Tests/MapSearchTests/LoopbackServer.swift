import Foundation
import PodiumTestSupport

/// A tiny HTTP/1.1 server on 127.0.0.1 (ephemeral port) that serves recorded responses by path,
/// for testing tile fetching and the geocoder without the internet. One thread, one request
/// per connection; records every request line and User-Agent.
final class LoopbackServer: @unchecked Sendable {
    struct Response { var status: Int; var contentType: String; var body: Data }
    private let fd: Int32
    let port: UInt16
    private let lock = NSLock()
    private var routes: [(prefix: String, response: Response)] = []
    private var _requests: [(line: String, userAgent: String?)] = []
    private var thread: Thread?
    private let done = DispatchSemaphore(value: 0)

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw NSError(domain: "loopback", code: 1) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        self.fd = fd
        port = UInt16(bigEndian: addr.sin_port)
        let listener = fd
        let sem = done
        let t = Thread { [unowned self] in
            while true {
                let c = accept(listener, nil, nil)
                if c < 0 { break }
                self.serve(c)
                close(c)
            }
            sem.signal()
        }
        thread = t
        t.start()
    }

    /// Stops accepting and waits for the server thread to end.
    func stop() {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
        done.wait()
    }

    var base: String { "http://127.0.0.1:\(port)" }
    var requests: [(line: String, userAgent: String?)] { lock.lock(); defer { lock.unlock() }; return _requests }

    /// Serves `response` for every path starting with `prefix` (longest prefix wins).
    func route(_ prefix: String, status: Int = 200, contentType: String = "application/json", _ body: Data) {
        lock.lock(); routes.append((prefix, Response(status: status, contentType: contentType, body: body))); lock.unlock()
    }
    func route(_ prefix: String, status: Int = 200, json: String) { route(prefix, status: status, Data(json.utf8)) }

    private func serve(_ c: Int32) {
        var buf = [UInt8](repeating: 0, count: 16384), got = Data()
        while !got.contains(Data("\r\n\r\n".utf8)) {
            let n = read(c, &buf, buf.count)
            if n <= 0 { return }
            got.append(contentsOf: buf[0..<n])
        }
        let head = String(decoding: got, as: UTF8.self).components(separatedBy: "\r\n")
        let line = head.first ?? ""
        let ua = head.first { $0.lowercased().hasPrefix("user-agent:") }.map { String($0.dropFirst("user-agent:".count)).trimmingCharacters(in: .whitespaces) }
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        lock.lock()
        _requests.append((line, ua))
        let r = routes.filter { path.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }?.response
        lock.unlock()
        let resp = r ?? Response(status: 404, contentType: "text/html", body: Data("<h1>Not Found</h1>".utf8))
        let reason = [200: "OK", 404: "Not Found", 500: "Internal Server Error", 503: "Service Unavailable"][resp.status] ?? "Status"
        var out = Data("HTTP/1.1 \(resp.status) \(reason)\r\nContent-Type: \(resp.contentType)\r\nContent-Length: \(resp.body.count)\r\nConnection: close\r\n\r\n".utf8)
        out.append(resp.body)
        _ = out.withUnsafeBytes { write(c, $0.baseAddress, out.count) }
    }
}

/// Responses recorded in the formats the real services send.
enum Recorded {
    /// Nominatim `format=jsonv2&addressdetails=1&extratags=1` for "Tritone Records Helsinki";
    /// values as in the OpenStreetMap data (node 5865570485).
    static let tritone = """
    [{"place_id":123456789,"licence":"Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
      "osm_type":"node","osm_id":5865570485,"lat":"60.1687827","lon":"24.9519734","category":"shop","type":"music",
      "place_rank":30,"importance":0.00001,"addresstype":"shop","name":"Tritone Records",
      "display_name":"Tritone Records, 8, Sofiankatu, Kruununhaka, Eteläinen suurpiiri, Helsinki, Helsingin seutukunta, Uusimaa, Manner-Suomi, 00170, Suomi / Finland",
      "address":{"shop":"Tritone Records","house_number":"8","road":"Sofiankatu","quarter":"Kruununhaka","city":"Helsinki","postcode":"00170","country":"Suomi / Finland","country_code":"fi"},
      "extratags":{"email":"info@tritonerecords.fi","music":"vinyl","phone":"+358 50 410 0175","website":"https://www.tritonerecords.fi/","wheelchair":"no","second_hand":"yes","opening_hours":"Mo-Fr 11:00-18:00; Sa 11:00-16:00"},
      "boundingbox":["60.1687327","60.1688327","24.9519234","24.9520234"]}]
    """
    /// Nominatim's answer to an empty query.
    static let error = #"{"error":{"code":400,"message":"Nothing to search for."}}"#
    static let malformed = #"[{"place_id":1,"lat":"60.1","lon":"#
    /// A valid PNG of `width`×`height` grey pixels whose file is small (zlib squeezes identical
    /// rows to almost nothing): what an image bomb looks like. Python's zlib writes it.
    static func hugePNG(width: Int, height: Int) throws -> Data {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let script = """
        import struct, sys, zlib
        w, h = \(width), \(height)
        def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
        co = zlib.compressobj(9); row = b"\\x00" + b"\\x80" * w
        idat = b"".join(co.compress(row) for _ in range(h)) + co.flush()
        open(sys.argv[1], "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
        """
        let r = try runProcess("/usr/bin/python3", ["-c", script, out.path])
        guard r.status == 0 else { throw NSError(domain: "hugePNG", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
        return try Data(contentsOf: out)
    }

    /// An 8×8 green PNG, as a tile server would send.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNQmOCAFTEMLQkAaiE8AaRdLXMAAAAASUVORK5CYII=")!
}
