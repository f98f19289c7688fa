import FoundationEssentials
import Glibc
import PodiumKit

/// Why a PDF cannot be shown. Each message names the file and is worded for the error card and
/// `podium check`, e.g. `talk.pdf: encrypted (needs a password; Podium opens unencrypted PDFs only)`.
public struct PDFError: Error, CustomStringConvertible, Equatable {
    public enum Problem: Equatable, Sendable {
        case missing, unreadable(String), unusable(String), notPDF(String), encrypted, damaged(String), noPages, pageOutOfRange(Int, count: Int)
    }
    public var file: String
    public var problem: Problem
    public init(file: String, _ problem: Problem) { self.file = file; self.problem = problem }

    public var description: String {
        let why: String
        switch problem {
        case .missing: why = "file not found"
        case let .unreadable(r): why = "cannot read file (\(r))"
        case let .unusable(r): why = r
        case let .notPDF(start): why = "not a PDF file (no %PDF- header; it starts with \(start))"
        case .encrypted: why = "encrypted (needs a password; Podium opens unencrypted PDFs only)"
        case let .damaged(m): why = "damaged or truncated PDF (poppler: \(m))"
        case .noPages: why = "the PDF has no pages"
        case let .pageOutOfRange(p, n): why = "page \(p) does not exist (the PDF has \(n) page\(n == 1 ? "" : "s"))"
        }
        return "\(SafeText.escape(file)): \(why)"
    }
}
