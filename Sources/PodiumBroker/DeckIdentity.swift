import CMosquitto
import Foundation

/// What a follower compares before showing anything: a SHA-256 over the contents of the deck
/// file and the files its scenes show (a JSON deck's PDFs and clips), in deck order. Paths do not
/// count (the follower's copy may live elsewhere); one changed byte does.
public enum DeckIdentity {
    /// "sha256:" and 64 hex digits. Throws `MQTTError` naming a file that cannot be read.
    public static func of(files: [String]) throws -> String {
        guard let ctx = EVP_MD_CTX_new() else { throw MQTTError("libcrypto could not start a SHA-256") }
        defer { EVP_MD_CTX_free(ctx) }
        EVP_DigestInit_ex(ctx, EVP_sha256(), nil)
        for path in files {
            guard let h = FileHandle(forReadingAtPath: path) else { throw MQTTError("\(path): cannot read the file to identify the deck") }
            defer { try? h.close() }
            var size: UInt64 = 0
            while true {
                let chunk = h.readData(ofLength: 1 << 20)
                if chunk.isEmpty { break }
                size += UInt64(chunk.count)
                chunk.withUnsafeBytes { _ = EVP_DigestUpdate(ctx, $0.baseAddress, $0.count) }
            }
            // The length after each file: two files cannot be re-split into the same byte stream.
            withUnsafeBytes(of: size.littleEndian) { _ = EVP_DigestUpdate(ctx, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: 32), n: UInt32 = 0
        EVP_DigestFinal_ex(ctx, &digest, &n)
        return "sha256:" + digest.prefix(Int(n)).map { String(format: "%02x", $0) }.joined()
    }
}
