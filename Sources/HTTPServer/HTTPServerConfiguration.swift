/// Where an `HTTPServer` listens, and the limits it holds every client to.
public struct HTTPServerConfiguration: Sendable {
    /// A numeric address to listen on: `127.0.0.1`, `::1` (brackets allowed), `0.0.0.0`, `::`;
    /// `localhost` means `127.0.0.1`.
    public var host: String
    /// The port; 0 lets the system pick a free one (`start()` returns it).
    public var port: Int
    /// Connections served at once. One more takes the place of the connection that has waited
    /// longest for a request (closed without a word, as nginx reuses kept-alive connections);
    /// when every connection is reading or answering a request, it is answered 503 with
    /// `Retry-After: 1` and closed.
    public var maximumConnections: Int
    /// The most bytes a request line and its header fields may take; more is answered 431
    /// (414 when the request line alone does not fit).
    public var maximumHeaderBytes: Int
    /// How long a request's head may take to arrive, from its first byte: a client that
    /// trickles it (slowloris) is answered 408 and closed.
    public var headerTimeout: Duration
    /// How long a connection may wait for a request without sending a byte, before its first
    /// and between requests; it is then closed without an answer.
    public var idleTimeout: Duration
    /// How long writing one response may take; a client that stops reading is dropped.
    public var writeTimeout: Duration
    /// How long the handler may take for one request; past it the request is answered 503
    /// and the connection closed (the handler's task is cancelled).
    public var handlerTimeout: Duration
    /// Requests answered on one connection before the server closes it.
    public var maximumRequestsPerConnection: Int

    /// A configuration; every limit has a default fit for a service on loopback.
    public init(
        host: String = "127.0.0.1", port: Int = 0, maximumConnections: Int = 128,
        maximumHeaderBytes: Int = 16 * 1024, headerTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(30), writeTimeout: Duration = .seconds(30),
        handlerTimeout: Duration = .seconds(60), maximumRequestsPerConnection: Int = 1000
    ) {
        self.host = host
        self.port = port
        self.maximumConnections = maximumConnections
        self.maximumHeaderBytes = maximumHeaderBytes
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.writeTimeout = writeTimeout
        self.handlerTimeout = handlerTimeout
        self.maximumRequestsPerConnection = maximumRequestsPerConnection
    }
}
