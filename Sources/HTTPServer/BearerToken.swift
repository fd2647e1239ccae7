/// Checks an `Authorization: Bearer <token>` header (RFC 6750) against the expected token.
public enum BearerToken {
    /// Whether `header` is `Bearer` (any case), one or more spaces, and exactly `token`.
    ///
    /// The comparison takes the same time wherever the first differing byte is, and whatever
    /// the presented token's length: it always runs over every byte of `token`, so timing tells
    /// an attacker nothing of the token's bytes. An empty `token` never matches.
    /// - Parameters:
    ///   - header: The `Authorization` header's value, or `nil` when absent.
    ///   - token: The expected token's bytes.
    public static func matches(_ header: String?, token: [UInt8]) -> Bool {
        guard let header, !token.isEmpty else { return false }
        let bytes = Array(header.utf8)
        let scheme = Array("bearer".utf8)
        guard bytes.count > scheme.count, ASCII.equalIgnoringCase(bytes[..<scheme.count], scheme),
            bytes[scheme.count] == ASCII.space
        else { return false }
        var start = scheme.count
        while start < bytes.count, bytes[start] == ASCII.space { start += 1 }
        let presented = bytes[start...]
        return constantTimeEqual(Array(presented), token)
    }

    /// Whether `presented` equals `expected`, in time that depends on `expected.count` alone.
    static func constantTimeEqual(_ presented: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference: UInt8 = presented.count == expected.count ? 0 : 1
        let presentedCount = presented.count
        presented.withUnsafeBufferPointer { presentedBytes in
            expected.withUnsafeBufferPointer { expectedBytes in
                for index in 0..<expectedBytes.count {
                    // Past the presented token's end, compare with a byte of the expected one's
                    // complement, so the loop does the same work and still finds a difference.
                    let other = index < presentedCount ? presentedBytes[index] : ~expectedBytes[index]
                    difference |= other ^ expectedBytes[index]
                }
            }
        }
        return difference == 0
    }
}
