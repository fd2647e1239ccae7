/// A request target's path and query (RFC 9112 §3.2): origin form (`/path?query`), absolute
/// form (`http://host/path?query`), or `*` for `OPTIONS`.
enum RequestTarget {
    /// The percent-decoded path and the form-decoded query, or `nil` when the target is not one
    /// of those forms, holds a byte that is not visible ASCII or a `#`, or does not decode.
    static func decode(_ target: UnsafeBufferPointer<UInt8>, method: String) -> (
        String, [(name: String, value: String)]
    )? {
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else {
            return nil
        }
        if target.count == 1, target[0] == UInt8(ascii: "*") {
            return method == "OPTIONS" ? ("*", []) : nil
        }
        var start = 0
        if target[0] != UInt8(ascii: "/") {
            guard let afterScheme = authorityStart(target) else { return nil }
            start =
                target[afterScheme...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
                ?? target.count
        }
        let question = target[start...].firstIndex(of: UInt8(ascii: "?")) ?? target.count
        let pathBytes = UnsafeBufferPointer(rebasing: target[start..<question])
        guard let decodedPath = PercentDecoding.decode(pathBytes, plusIsSpace: false) else { return nil }
        let path = decodedPath.isEmpty ? "/" : decodedPath
        guard question < target.count else { return (path, []) }
        guard let query = PercentDecoding.decodeQuery(UnsafeBufferPointer(rebasing: target[(question + 1)...])) else {
            return nil
        }
        return (path, query)
    }

    /// The host (and port) an absolute-form target names — `127.0.0.1:8990` in
    /// `http://127.0.0.1:8990/v1` — or `nil` for another form. The server takes it in place of
    /// the `Host` header, as RFC 9112 §3.2.2 asks, so a request cannot name one host in its
    /// target and pass the `Host` check with another.
    static func authority(_ target: UnsafeBufferPointer<UInt8>) -> String? {
        guard target.first != UInt8(ascii: "/"), let start = authorityStart(target) else { return nil }
        let end =
            target[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.count
        return String(decoding: target[start..<end], as: UTF8.self)
    }

    /// Whether an absolute-form target's scheme is `http` (any case); `false` for `https`.
    static func isPlainHTTP(_ target: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix = Array("http://".utf8)
        return target.count >= prefix.count && ASCII.equalIgnoringCase(target[..<prefix.count], prefix)
    }

    /// Where the authority begins after `http://` or `https://` (any case), or `nil`.
    private static func authorityStart(_ target: UnsafeBufferPointer<UInt8>) -> Int? {
        for scheme in ["http://", "https://"] {
            let prefix = Array(scheme.utf8)
            if target.count > prefix.count, ASCII.equalIgnoringCase(target[..<prefix.count], prefix) {
                return prefix.count
            }
        }
        return nil
    }
}
