/// A response's status line and header fields as bytes, in a buffer a connection reuses.
struct ResponseHead {
    private(set) var bytes: [UInt8] = []
    private var date = HTTPDate()

    /// Fields the server sets itself; a handler's are replaced.
    private static let serverFields = ["content-length", "connection", "date", "transfer-encoding", "keep-alive"]

    init() {
        bytes.reserveCapacity(1024)
    }

    /// Makes the head of a response.
    /// - Parameters:
    ///   - status: 200...599 (the caller maps anything else to 500).
    ///   - headers: The handler's fields; invalid ones and the server's own are left out.
    ///   - contentLength: The body's length, sent unless the status has no body.
    ///   - connection: `close`, `keep-alive` (an HTTP/1.0 client that asked for it), or `nil`.
    mutating func make(status: Int, headers: HTTPHeaders, contentLength: Int, connection: String?) {
        bytes.removeAll(keepingCapacity: true)
        append("HTTP/1.1 ")
        appendNumber(status)
        bytes.append(ASCII.space)
        append(HTTPStatus.reasonPhrase(for: status))
        appendLineEnd()
        for field in headers where Self.isSendable(field) {
            append(field.name)
            append(": ")
            append(field.value)
            appendLineEnd()
        }
        append("Date: ")
        bytes.append(contentsOf: date.now())
        appendLineEnd()
        if !HTTPStatus.hasNoBody(status) {
            append("Content-Length: ")
            appendNumber(contentLength)
            appendLineEnd()
        }
        if let connection {
            append("Connection: ")
            append(connection)
            appendLineEnd()
        }
        appendLineEnd()
    }

    private static func isSendable(_ field: (name: String, value: String)) -> Bool {
        ASCII.isToken(field.name.utf8) && field.value.utf8.allSatisfy(ASCII.isFieldValueCharacter)
            && !serverFields.contains { HTTPHeaders.sameName($0, field.name) }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func appendLineEnd() {
        bytes.append(ASCII.carriageReturn)
        bytes.append(ASCII.lineFeed)
    }

    private mutating func appendNumber(_ value: Int) {
        guard value > 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let start = bytes.count
        var rest = value
        while rest > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        bytes[start...].reverse()
    }
}
