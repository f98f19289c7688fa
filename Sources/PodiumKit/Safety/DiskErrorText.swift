import Foundation

/// Why a file could not be read or written, in a few words for a log line or the presenter view:
/// the system's errno text ("read-only file system", "no space left on device") instead of a
/// Foundation error's dump (`Error Domain=NSCocoaErrorDomain Code=642 … UserInfo={…}`).
public enum DiskErrorText {
    /// The reason `error` gives, lower-cased first letter, no file name (the caller names the
    /// file): its POSIX code's `strerror` text when it has one (a `POSIXError`, an `NSError` of
    /// `NSPOSIXErrorDomain`, or a Cocoa file error with one underneath or a known Cocoa code),
    /// else its localized description, at most ~80 characters.
    public static func reason(_ error: Error) -> String {
        if let code = posixCode(error) { return sentence(String(cString: strerror(code))) }
        return sentence(SafeText.excerpt((error as NSError).localizedDescription, limit: 80))
    }

    static func posixCode(_ error: Error) -> Int32? {
        if let p = error as? POSIXError { return p.code.rawValue }
        let e = error as NSError
        if e.domain == NSPOSIXErrorDomain { return Int32(e.code) }
        if let under = e.userInfo[NSUnderlyingErrorKey] as? Error, let code = posixCode(under) { return code }
        guard e.domain == NSCocoaErrorDomain else { return nil }
        switch e.code {
        case NSFileWriteVolumeReadOnlyError: return EROFS
        case NSFileWriteOutOfSpaceError: return ENOSPC
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return EACCES
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return ENOENT
        default: return nil
        }
    }

    /// "Read-only file system" -> "read-only file system" (an acronym such as "I/O error" stays).
    static func sentence(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false),
              !(text.dropFirst().first == "/") else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
