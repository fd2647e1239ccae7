/// Where a server listens: the host as configured and the actual port.
public struct HTTPServerAddress: Sendable, Equatable, CustomStringConvertible {
    /// The host as configured, without brackets: `127.0.0.1`, `::1`, `0.0.0.0`.
    public let host: String
    /// The port listened on.
    public let port: Int

    /// An address.
    public init(host: String, port: Int) {
        self.host = host.first == "[" && host.last == "]" ? String(host.dropFirst().dropLast()) : host
        self.port = port
    }

    /// Whether the host is IPv6 (it holds a colon).
    public var isIPv6: Bool { host.utf8.contains(ASCII.colon) }

    /// The host as it appears in a URL or a `Host` header: `[::1]` for IPv6.
    public var hostForURL: String { isIPv6 ? "[\(host)]" : host }

    /// Whether the host is a loopback address (`127.0.0.0/8`, `::1`, `localhost`).
    public var isLoopback: Bool {
        if let bytes = IPAddress.ipv4(host) { return bytes[0] == 127 }
        if let bytes = IPAddress.ipv6(host) { return bytes == IPAddress.ipv6Loopback }
        return host.lowercased() == "localhost"
    }

    /// Whether the host is a wildcard (`0.0.0.0`, `::`): every address of the machine.
    public var isWildcard: Bool {
        if let bytes = IPAddress.ipv4(host) { return bytes.allSatisfy { $0 == 0 } }
        if let bytes = IPAddress.ipv6(host) { return bytes.allSatisfy { $0 == 0 } }
        return false
    }

    /// `host:port`, `[::1]:port` for IPv6.
    public var description: String { "\(hostForURL):\(port)" }
}
