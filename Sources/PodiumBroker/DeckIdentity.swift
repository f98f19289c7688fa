import CMosquitto
import FoundationEssentials
import PodiumKit
import Glibc

/// What a follower compares before showing anything: a SHA-256 over the contents of the deck
/// file and the files its scenes show (a JSON deck's PDFs and clips), in deck order. Paths do not
/// count (the follower's copy may live elsewhere); one changed byte does.
public enum DeckIdentity {
    /// "sha256:" and 64 hex digits. Throws `MQTTError` naming a file that cannot be read.
    public static func of(files: [String]) throws -> String {
        try MQTTClient.loadLibraries()
        guard let ctx = EVP_MD_CTX_new() else { throw MQTTError("libcrypto could not start a SHA-256") }
        defer { EVP_MD_CTX_free(ctx) }
        EVP_DigestInit_ex(ctx, EVP_sha256(), nil)
        for path in files {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw MQTTError("\(path): cannot read the file to identify the deck") }
            defer { close(fd) }
            var size: UInt64 = 0, chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n < 0, errno == EINTR { continue }
                guard n >= 0 else { throw MQTTError("\(path): cannot read the file to identify the deck") }
                if n == 0 { break }
                size += UInt64(n)
                chunk.withUnsafeBytes { _ = EVP_DigestUpdate(ctx, $0.baseAddress, n) }
            }
            // The length after each file: two files cannot be re-split into the same byte stream.
            withUnsafeBytes(of: size.littleEndian) { _ = EVP_DigestUpdate(ctx, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: 32), n: UInt32 = 0
        EVP_DigestFinal_ex(ctx, &digest, &n)
        return "sha256:" + digest.prefix(Int(n)).map { String(cFormat: "%02x", $0) }.joined()
    }
}

extension DeckIdentity {
    /// The identity of files that may change during a talk (a reloaded deck): hashed again only
    /// when a file's size or modification time changed (one stat per file per call).
    public final class Tracker {
        let files: () -> [String]
        private var signature: [String] = []
        private var value = ""
        /// `files`: the deck's files now (they change when the deck is reloaded).
        public init(files: @escaping () -> [String]) { self.files = files }

        /// The current identity; throws `MQTTError` naming a file that cannot be read.
        public func current() throws -> String {
            let f = files()
            let sig = f.map { p -> String in
                var st = stat()
                guard stat(p, &st) == 0 else { return p + ":missing" }
                return "\(p):\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
            }
            if sig != signature || value.isEmpty { value = try DeckIdentity.of(files: f); signature = sig }
            return value
        }
    }
}
