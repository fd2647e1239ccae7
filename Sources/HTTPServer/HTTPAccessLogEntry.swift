/// One line of an access log: a request and how it was answered. The server makes one for every
/// response it writes, its own refusals (400, 408, 413, 431, 503) included; for those the
/// method and target are empty when the request line could not be read.
public struct HTTPAccessLogEntry: Sendable {
    /// The client's address and port.
    public let remoteAddress: String
    /// The method, or empty.
    public let method: String
    /// The request target as sent, or empty.
    public let target: String
    /// The status answered.
    public let status: Int
    /// The body's bytes sent (0 for `HEAD`).
    public let bytes: Int
    /// From the request's head being read to the response being written (or abandoned).
    public let duration: Duration
    /// Whether the whole response was written; `false` when the client stopped reading or went.
    public let completed: Bool

    /// An entry; the server makes these.
    public init(
        remoteAddress: String, method: String, target: String, status: Int, bytes: Int, duration: Duration,
        completed: Bool = true
    ) {
        self.remoteAddress = remoteAddress
        self.method = method
        self.target = target
        self.status = status
        self.bytes = bytes
        self.duration = duration
        self.completed = completed
    }
}
