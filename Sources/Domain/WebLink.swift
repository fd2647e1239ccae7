import Foundation

/// An http(s) address as the service wrote it, kept as text and parsed into a `URL` only when
/// one is wanted — to open a page, play a preview, fetch a picture. A page of 200 videos names
/// 800 addresses and most are only printed: parsing each costed a cached search an eighth of
/// its time.
public struct WebLink: Hashable, Sendable {
    /// The address, as `URL.absoluteString` gives it.
    public let text: String

    /// The address of a URL.
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
    /// in lower case,
    /// `//`, a host of letters, digits, dots and hyphens with an optional port, then a path,
    /// query and at most one fragment of RFC 3986's characters, each `%` starting an escape.
    /// No user, no IP-literal host, nothing a parser would encode or refuse.
    static func isPlain(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let afterScheme: Int
        if Self.hasPrefix(bytes, "https://") {
            afterScheme = 8
        } else if Self.hasPrefix(bytes, "http://") {
            afterScheme = 7
        } else {
            return false
        }
        var index = afterScheme
        var hostLength = 0
        while index < bytes.count, Self.isHostByte(bytes[index]) {
            index += 1
            hostLength += 1
        }
        guard hostLength > 0, bytes[afterScheme] != UInt8(ascii: "."), bytes[afterScheme] != UInt8(ascii: "-")
        else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            let portStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard (1...5).contains(index - portStart) else { return false }
        }
        guard index == bytes.count || [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[index])
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
            guard fragments <= 1, isPathByte(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func hasPrefix(_ bytes: [UInt8], _ prefix: String) -> Bool {
        let prefix = Array(prefix.utf8)
        return bytes.count >= prefix.count && bytes[..<prefix.count].elementsEqual(prefix)
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// RFC 3986's unreserved and sub-delims, `:`, `@`, `/`, `?` and `#` (counted apart).
    private static func isPathByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || Self.pathPunctuation.contains(byte)
    }

    private static let pathPunctuation = Set("-._~!$&'()*+,;=:@/?#".utf8)

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
