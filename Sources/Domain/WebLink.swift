import Foundation

/// An address as the service wrote it, kept as text and parsed into a `URL` only when one is
/// wanted — to open a page, play a preview, fetch a picture. A page of 200 videos names 800
/// addresses and most are only printed: parsing each cost a cached search an eighth of its time.
/// The answers' addresses are made with `init(http:)`, which takes http and https only; the
/// screens still check a scheme before they open anything.
public struct WebLink: Hashable, Sendable {
    /// The address, as `URL.absoluteString` gives it.
    public let text: String

    /// A URL already in hand, whatever its scheme, kept as it is.
    public init(_ url: URL) {
        text = url.absoluteString
    }

    /// - Parameter text: The text of an http or https URL; `nil` when it is not one. A plainly
    ///   written address (what the service sends) is taken as it is, checked without a parser;
    ///   anything else goes through `URL(string:)`, as `text` would be read later.
    public init?(http text: String) {
        if Self.isPlain(text) {
            self.text = text
            return
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return nil }
        self.text = url.absoluteString
    }

    /// The URL; `nil` only for a link made from a URL that does not read back.
    public var url: URL? { URL(string: text) }

    /// Whether `text` is an http(s) URL that `URL(string:)` reads exactly as written: the scheme
    /// in lower case, `//`, a host of letters, digits, dots and hyphens with an optional port,
    /// then a path, query and at most one fragment of RFC 3986's characters, each `%` starting an
    /// escape. No user, no IP-literal host, nothing a parser would encode or refuse.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isPlain) ?? Array(text.utf8).withUnsafeBufferPointer(isPlain)
    }

    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let afterScheme: Int
        if hasPrefix(bytes, "https://") {
            afterScheme = 8
        } else if hasPrefix(bytes, "http://") {
            afterScheme = 7
        } else {
            return false
        }
        let (host, path) = (hostBytes, pathBytes)
        var index = afterScheme
        while index < bytes.count, host.contains(bytes[index]) { index += 1 }
        guard index > afterScheme, bytes[afterScheme] != UInt8(ascii: "."), bytes[afterScheme] != UInt8(ascii: "-")
        else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            let portStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard (1...5).contains(index - portStart) else { return false }
        }
        guard
            index == bytes.count || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?")
                || bytes[index] == UInt8(ascii: "#")
        else { return false }
        var fragments = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") { fragments += 1 }
            guard fragments <= 1, path.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        return prefix.withUTF8Buffer { bytes[..<$0.count].elementsEqual($0) }
    }

    /// A host's bytes: letters, digits, `.` and `-`.
    private static let hostBytes = ASCIISet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
    /// RFC 3986's unreserved and sub-delims, `:`, `@`, `/`, `?` and `#` (counted apart).
    private static let pathBytes = ASCIISet(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?#")

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}

/// A set of ASCII bytes as two bit masks: a lookup costs two shifts, not a hash.
private struct ASCIISet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ members: StaticString) {
        members.withUTF8Buffer { buffer in
            for byte in buffer where byte < 128 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}
