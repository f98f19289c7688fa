import FoundationEssentials
import Glibc

/// Why a file could not be read or written, in a few words for a log line or the presenter view:
/// the system's errno text ("read-only file system", "no space left on device") instead of a
/// Foundation error's dump (`Error Domain=NSCocoaErrorDomain Code=642 … UserInfo={…}`).
public enum DiskErrorText {
    /// The reason `error` gives, lower-cased first letter, no file name (the caller names the
    /// file): its POSIX code's `strerror` text when it has one (a `POSIXError`, an error of
    /// `NSPOSIXErrorDomain`, or a Cocoa file error with one underneath or a known Cocoa code),
    /// else its `LocalizedError` description or its text, at most ~80 characters.
    public static func reason(_ error: Error) -> String {
        if let code = posixCode(error) { return sentence(String(cString: strerror(code))) }
        let text = (error as? LocalizedError)?.errorDescription ?? (error as? CocoaError).map { "file error \($0.code.rawValue)" } ?? String(describing: error)
        return sentence(SafeText.excerpt(text, limit: 80))
    }

    /// Read through `CocoaError` (what FoundationEssentials throws) or through the domain, code
    /// and user info every `Error` carries (an `NSError` a plugin's Foundation call threw).
    static func posixCode(_ error: Error) -> Int32? {
        if let p = error as? POSIXError { return p.code.rawValue }
        if error._domain == "NSPOSIXErrorDomain" { return Int32(error._code) }
        if let c = error as? CocoaError {
            if let under = c.underlying, let code = posixCode(under) { return code }
            return posixCode(cocoaCode: c.code.rawValue)
        }
        if let info = error._userInfo as? [String: Any], let under = info["NSUnderlyingError"] as? Error, let code = posixCode(under) { return code }
        return error._domain == "NSCocoaErrorDomain" ? posixCode(cocoaCode: error._code) : nil
    }

    /// Foundation's file error codes (FoundationErrors.h) that name one errno.
    private static func posixCode(cocoaCode: Int) -> Int32? {
        switch cocoaCode {
        case CocoaError.Code.fileWriteVolumeReadOnly.rawValue: return EROFS
        case CocoaError.Code.fileWriteOutOfSpace.rawValue: return ENOSPC
        case CocoaError.Code.fileWriteNoPermission.rawValue, CocoaError.Code.fileReadNoPermission.rawValue: return EACCES
        case CocoaError.Code.fileNoSuchFile.rawValue, CocoaError.Code.fileReadNoSuchFile.rawValue: return ENOENT
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
