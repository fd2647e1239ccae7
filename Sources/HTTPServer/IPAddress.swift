#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numeric IP addresses read with the C library's `inet_pton`.
enum IPAddress {
    static let ipv6Loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]

    /// The four bytes of a dotted IPv4 address, or `nil`.
    static func ipv4(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    /// The sixteen bytes of an IPv6 address (without brackets), or `nil`.
    static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
