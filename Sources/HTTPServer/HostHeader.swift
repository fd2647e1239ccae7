/// Checks a request's `Host` header against where the server listens, so that a web page that
/// rebinds its own DNS name to this machine's address (DNS rebinding) is refused: its requests
/// name the attacker's host, never the listening address.
public enum HostHeader {
    /// Whether `host` (a `Host` header's value, with or without a port, `[::1]:8990` for IPv6,
    /// compared without case) names the listening address.
    ///
    /// It names it when its host is the listening host (IPv6 compared as addresses, so `[::1]`
    /// and `[0:0::1]` are the same), or, when listening on loopback, `localhost`, `127.0.0.1` or
    /// `[::1]`; when listening on a wildcard (`0.0.0.0`, `::`), `localhost` or any numeric
    /// address (no DNS name, so nothing to rebind). A port, when given, must be the listening
    /// port. An absent or empty header names nothing.
    /// - Parameters:
    ///   - host: The `Host` header's value, or `nil` when absent.
    ///   - listening: The address the server listens on.
    public static func names(_ host: String?, listening: HTTPServerAddress) -> Bool {
        guard let host, let (name, port) = split(host) else { return false }
        if let port, port != listening.port { return false }
        let lowered = name.lowercased()
        if let ipv6 = IPAddress.ipv6(lowered) {
            if let listeningIPv6 = IPAddress.ipv6(listening.host), listeningIPv6 == ipv6 { return true }
            return (listening.isLoopback && ipv6 == IPAddress.ipv6Loopback) || listening.isWildcard
        }
        if lowered == listening.host.lowercased() { return true }
        if let ipv4 = IPAddress.ipv4(lowered) {
            if let listeningIPv4 = IPAddress.ipv4(listening.host), listeningIPv4 == ipv4 { return true }
            return (listening.isLoopback && ipv4 == [127, 0, 0, 1]) || listening.isWildcard
        }
        return (listening.isLoopback || listening.isWildcard) && lowered == "localhost"
    }

    /// The host (IPv6 without brackets) and the port, or `nil` when the value is malformed.
    private static func split(_ value: String) -> (name: Substring, port: Int?)? {
        guard !value.isEmpty else { return nil }
        let name: Substring
        let rest: Substring
        if value.first == "[" {
            guard let close = value.firstIndex(of: "]") else { return nil }
            name = value[value.index(after: value.startIndex)..<close]
            rest = value[value.index(after: close)...]
        } else if let colon = value.firstIndex(of: ":") {
            name = value[..<colon]
            rest = value[colon...]
        } else {
            name = value[...]
            rest = ""
        }
        guard !name.isEmpty else { return nil }
        if rest.isEmpty { return (name, nil) }
        guard rest.first == ":", rest.count > 1, rest.count <= 6 else { return nil }
        let digits = rest.dropFirst()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(digits), port <= 65535 else {
            return nil
        }
        return (name, port)
    }
}
