/// A request head read and checked: what the handler sees, and what the connection must do.
struct ParsedHead {
    var request: HTTPServerRequest
    /// Whether the client asked to close after this response (`Connection: close`, or HTTP/1.0
    /// without `Connection: keep-alive`).
    var wantsClose: Bool
    /// Whether the method is `HEAD`: the response goes without its body.
    var isHead: Bool
}

/// Why a request head is refused before the handler sees it, and what is known of it.
struct RequestRejection: Error {
    var status: Int
    var method = ""
    var target = ""
    /// Why, when the status's usual words would not say it.
    var message: String?
    /// What to do, with `message`.
    var hint: String?

    /// The refusal a handler words.
    var refusal: HTTPRefusal {
        HTTPRefusal(status: status, message: message, hint: hint, method: method, target: target)
    }
}

/// Reads a request head (RFC 9112 §2-§5) from bytes: request line, header fields, empty line.
enum RequestHeadParser {
    /// The request in `head`, which ends with its empty line; or why it is refused: 400 for
    /// bad syntax (obsolete line folding, a space before a field's colon, a control character,
    /// a target that does not decode, HTTP/1.1 without exactly one `Host`), 505 for another
    /// HTTP version, 413 for a request with a body (the server takes none; 400 when it is framed
    /// both by `Content-Length` and `Transfer-Encoding`), 400 for an absolute-form target whose
    /// scheme is not `http` (the server speaks no TLS; RFC 9112 §3.2.2).
    static func parse(_ head: UnsafeBufferPointer<UInt8>, remoteAddress: String) -> Result<ParsedHead, RequestRejection>
    {
        var lines = LineReader(head)
        guard let requestLine = lines.next() else { return .failure(RequestRejection(status: 400)) }
        let parts = requestLine.split(separator: ASCII.space, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(RequestRejection(status: 400)) }
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = String(decoding: parts[1], as: UTF8.self)
        let rejection = { (status: Int) in
            Result<ParsedHead, RequestRejection>.failure(
                RequestRejection(status: status, method: method, target: target))
        }
        guard ASCII.isToken(parts[0]) else { return rejection(400) }
        guard let version = version(parts[2]) else { return rejection(400) }
        guard version != "" else { return rejection(505) }
        guard let (path, query) = RequestTarget.decode(UnsafeBufferPointer(rebasing: parts[1]), method: method) else {
            return rejection(400)
        }

        var headers = HTTPHeaders()
        var hosts = 0
        var hasBody = false
        var framings = (length: false, encoding: false)
        var asksClose = false
        var asksKeepAlive = false
        while let line = lines.next() {
            if line.isEmpty { break }
            guard let field = Field(line) else { return rejection(400) }
            headers.add(field.name, field.value)
            if HTTPHeaders.sameName(field.name, "host") {
                hosts += 1
            } else if HTTPHeaders.sameName(field.name, "content-length") {
                guard !field.value.isEmpty, field.value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    return rejection(400)
                }
                hasBody = hasBody || field.value.utf8.contains { $0 != 0x30 }
                framings.length = true
            } else if HTTPHeaders.sameName(field.name, "transfer-encoding") {
                hasBody = true
                framings.encoding = true
            } else if HTTPHeaders.sameName(field.name, "connection") {
                asksClose = asksClose || ASCII.list(field.value, contains: "close")
                asksKeepAlive = asksKeepAlive || ASCII.list(field.value, contains: "keep-alive")
            }
        }
        guard lines.isAtEnd else { return rejection(400) }
        guard hosts <= 1, version == "HTTP/1.0" || hosts == 1 else { return rejection(400) }
        // Two framings of one body: the shape of request smuggling (RFC 9112 §6.3), malformed.
        guard !(framings.length && framings.encoding) else { return rejection(400) }
        guard !hasBody else { return rejection(413) }
        // An absolute-form target's host is the request's host; the `Host` header is ignored.
        if let authority = RequestTarget.authority(UnsafeBufferPointer(rebasing: parts[1])) {
            // No host, or a user before it: malformed (RFC 9110 §4.2.1, §4.2.4).
            guard !authority.isEmpty, !authority.utf8.contains(UInt8(ascii: "@")) else { return rejection(400) }
            // The scheme must be the connection's (RFC 9112 §3.2.2): this one is plain http.
            guard RequestTarget.isPlainHTTP(UnsafeBufferPointer(rebasing: parts[1])) else {
                return .failure(
                    RequestRejection(
                        status: 400, method: method, target: target, message: "this server speaks http, not https",
                        hint: "ask for an http:// address"))
            }
            headers.remove("host")
            headers.add("host", authority)
        }
        let request = HTTPServerRequest(
            method: method, target: target, path: path, query: query, version: version, headers: headers,
            remoteAddress: remoteAddress)
        let closes = asksClose || (version == "HTTP/1.0" && !asksKeepAlive)
        return .success(ParsedHead(request: request, wantsClose: closes, isHead: method == "HEAD"))
    }

    /// `HTTP/1.1` or `HTTP/1.0`; `""` for another well-formed version (`HTTP/2.0`); `nil` for
    /// anything else.
    private static func version(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8) else { return nil }
        let major = bytes[bytes.startIndex + 5]
        let dot = bytes[bytes.startIndex + 6]
        let minor = bytes[bytes.startIndex + 7]
        guard (0x30...0x39).contains(major), dot == UInt8(ascii: "."), (0x30...0x39).contains(minor) else {
            return nil
        }
        guard major == UInt8(ascii: "1"), minor == UInt8(ascii: "1") || minor == UInt8(ascii: "0") else { return "" }
        return minor == UInt8(ascii: "1") ? "HTTP/1.1" : "HTTP/1.0"
    }
}

/// One header field line: `name: value`, the value without the white space around it.
private struct Field {
    let name: String
    let value: String

    init?(_ line: Slice<UnsafeBufferPointer<UInt8>>) {
        // A line that starts with white space continues the previous one: obsolete folding.
        guard let colon = line.firstIndex(of: ASCII.colon), ASCII.isToken(line[..<colon]) else { return nil }
        var start = colon + 1
        var end = line.endIndex
        while start < end, line[start] == ASCII.space || line[start] == ASCII.tab { start += 1 }
        while end > start, line[end - 1] == ASCII.space || line[end - 1] == ASCII.tab { end -= 1 }
        guard line[start..<end].allSatisfy(ASCII.isFieldValueCharacter) else { return nil }
        name = String(decoding: line[..<colon], as: UTF8.self)
        value = String(decoding: line[start..<end], as: UTF8.self)
    }
}

/// The lines of a head, each without its LF or CRLF; a bare CR inside a line makes it `nil`.
private struct LineReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var isMalformed = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether every line was read and none was malformed.
    var isAtEnd: Bool { position == bytes.count && !isMalformed }

    mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard !isMalformed, position < bytes.count,
            let lineFeed = bytes[position...].firstIndex(of: ASCII.lineFeed)
        else { return nil }
        var end = lineFeed
        if end > position, bytes[end - 1] == ASCII.carriageReturn { end -= 1 }
        let line = bytes[position..<end]
        position = lineFeed + 1
        if line.contains(ASCII.carriageReturn) {
            isMalformed = true
            return nil
        }
        return line
    }
}
