import CImageHeader
import Foundation
import PodiumKit

/// Checks a file offered as a band's image (dropped or typed) before the band points at it:
/// it must exist, be readable and be a format SDL2_image is built with on Debian, judged by its
/// first bytes rather than its name.
enum BandImageFile {
    struct Error: Swift.Error, CustomStringConvertible { var description: String }

    /// Formats by signature: PNG, JPEG, GIF, BMP, WebP ("RIFF....WEBP").
    static let formats = "PNG, JPEG, GIF, BMP or WebP"
    /// The renderer's bounds (PodiumSDL's `ImageFile`): larger images are not decoded.
    static let maxSide = 8192, maxPixels = 40_000_000

    /// The absolute path of a usable image at `path` (a leading `~` is expanded; relative paths
    /// resolve against `base`). Throws naming the file and what is wrong.
    static func check(_ path: String, relativeTo base: URL) throws -> String {
        let trimmed = path.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw Error(description: "Type the path of an image file, or drop one on the form.") }
        let expanded = (trimmed as NSString).expandingTildeInPath
        let url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : base.appendingPathComponent(expanded)
        let p = url.standardizedFileURL.path
        let head: [UInt8]
        do { head = [UInt8](try InputFile(path: p, maxBytes: 64 << 20).read(upTo: 12)) }
        catch let e as InputFileError where e.reason == .missing { throw Error(description: "\(SafeText.escape(p)): no such file") }
        catch let e as InputFileError where e.reason == .directory { throw Error(description: "\(SafeText.escape(p)): is a folder, not an image file") }
        catch { throw Error(description: "\(error)") }
        guard isImage(head) else { throw Error(description: "\(url.lastPathComponent): not an image Podium can show (expected \(formats))") }
        // The pixel size from the header: a small file can decode to gigabytes.
        var w = 0, ht = 0
        guard podium_image_header_size(p, &w, &ht) == 0 else { throw Error(description: "\(url.lastPathComponent): the image is truncated or damaged") }
        guard w > 0, ht > 0, w <= maxSide, ht <= maxSide, w * ht <= maxPixels else {
            throw Error(description: "\(url.lastPathComponent): \(w)×\(ht) pixels is too large to show (at most \(maxSide)×\(maxSide), 40 megapixels)")
        }
        // A whole header with pixel data cut short (a copy still running, a broken download)
        // would show the room an empty hole where the picture was.
        guard podium_image_decodes(p) == 0 else { throw Error(description: "\(url.lastPathComponent): the image is truncated or damaged") }
        return p
    }

    static func isImage(_ b: [UInt8]) -> Bool {
        func starts(_ s: [UInt8], at i: Int = 0) -> Bool { b.count >= i + s.count && Array(b[i..<(i + s.count)]) == s }
        return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8))
            || starts(Array("BM".utf8)) || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8))
    }
}
