/// Percent-decoding of a request target's path and query (RFC 3986 §2.1, and the form encoding
/// of WHATWG URL where `+` is a space).
enum PercentDecoding {
    /// `bytes` with every `%XX` replaced by its byte (and `+` by a space when `plusIsSpace`),
    /// read as UTF-8; `nil` when a `%` is not followed by two hex digits, when the result is not
    /// valid UTF-8, or when it holds a NUL.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> String? {
        if !bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(validating: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                let value = high << 4 | low
                guard value != 0 else { return nil }
                decoded.append(value)
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? ASCII.space : byte)
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// A query's `name=value` pairs separated by `&`, each form-decoded, in order; empty pairs
    /// are skipped, a pair without `=` has an empty value. `nil` when any part does not decode.
    static func decodeQuery(_ bytes: UnsafeBufferPointer<UInt8>) -> [(name: String, value: String)]? {
        var pairs: [(name: String, value: String)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let base = UnsafeBufferPointer(rebasing: pair)
            let nameCount = equals - pair.startIndex
            guard let name = decode(UnsafeBufferPointer(rebasing: base[..<nameCount]), plusIsSpace: true),
                let value = decode(
                    UnsafeBufferPointer(rebasing: base[min(nameCount + 1, base.count)...]), plusIsSpace: true)
            else { return nil }
            pairs.append((name: name, value: value))
        }
        return pairs
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
