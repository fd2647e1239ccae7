/// Why an `HTTPServer` could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another socket already listens on this address and port.
    case addressInUse(host: String, port: Int)
    /// The system refused to listen there (permission, an address this machine lacks...).
    case cannotBind(reason: String)
    /// The host is not a numeric IPv4 or IPv6 address, or the port is out of range.
    case invalidAddress(String)
    /// `start()` was called on a server that was already started.
    case alreadyStarted
    /// The system could not start the server's thread or make its descriptors.
    case cannotStart(reason: String)

    /// The reason in words, for a person.
    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "\(HTTPServerAddress(host: host, port: port)) is already in use by another program"
        case .cannotBind(let reason): "cannot listen: \(reason)"
        case .invalidAddress(let address):
            "\(address) is not an address to listen on (a numeric IPv4 or IPv6 address and a port 0-65535)"
        case .alreadyStarted: "the server is already started"
        case .cannotStart(let reason): "cannot start the server: \(reason)"
        }
    }
}
