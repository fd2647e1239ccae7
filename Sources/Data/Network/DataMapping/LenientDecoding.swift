import Foundation

/// Decoding that tolerates what the live service really sends: absent keys, explicit `null`,
/// integers written as floats (`181600.0`), numbers written as strings. A value of the wrong
/// type reads as absent instead of failing the whole answer.
extension KeyedDecodingContainer {
    func lenientString(_ key: Key) -> String? {
        guard let value = try? decodeIfPresent(String.self, forKey: key), !value.isEmpty else { return nil }
        return value
    }

    func lenientInt(_ key: Key) -> Int? {
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return value }
        if let value = try? decodeIfPresent(Double.self, forKey: key) {
            return value.isFinite && value.rounded() == value && abs(value) < 9e15 ? Int(value) : nil
        }
        return (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap { Int($0) } }
    }

    func lenientDouble(_ key: Key) -> Double? {
        if let value = try? decodeIfPresent(Double.self, forKey: key) { return value.isFinite ? value : nil }
        return (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap { Double($0) } }
    }

    func lenientDecimal(_ key: Key) -> Decimal? {
        if let value = try? decodeIfPresent(Decimal.self, forKey: key) { return value }
        return (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap { Decimal(string: $0) } }
    }

    /// A URL only when the string is an absolute `http` or `https` URL.
    func lenientWebURL(_ key: Key) -> URL? {
        guard let text = lenientString(key), let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return nil }
        return url
    }
}
