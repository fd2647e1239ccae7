import Foundation
import Networking
import Platform

/// What the request settings (`timeout`, `retries`, `cache-ttl`) take, and how their text is read.
enum RequestLimits {
    /// Seconds each request may take in all, when nothing sets it.
    static let defaultTimeout: TimeInterval = 15
    /// What `timeout` may be.
    static let timeoutRange: ClosedRange<TimeInterval> = 0.1...600
    /// Tries after the first, when nothing sets it.
    static let defaultRetries = 2
    /// What `retries` may be.
    static let retriesRange = 0...5
    /// Seconds a cached answer stays fresh, when nothing sets it.
    static let defaultCacheTimeToLive = 3600

    /// `--timeout`'s text: a number of seconds within `timeoutRange`, decimal only (`Double`
    /// alone would also read hexadecimal: `0x10` as 16).
    @Sendable static func timeout(_ text: String) throws(SettingValueError) -> TimeInterval {
        let decimal = text.trimmingWhitespace()
        guard decimal.allSatisfy({ "0123456789.eE+-".contains($0) }), let seconds = Double(decimal), seconds.isFinite
        else {
            throw SettingValueError {
                "\($0.subject) needs a number of seconds, not \(CommandLineParser.quoted(text))"
                    + $0.advice(give: "one such as \(format(defaultTimeout))")
            }
        }
        guard timeoutRange.contains(seconds) else {
            // The text as given: the value read may have been rounded (`1e-400` reads as 0).
            throw SettingValueError {
                "\($0.subject) must be between \(format(timeoutRange.lowerBound)) and "
                    + "\(format(timeoutRange.upperBound)) seconds, not \(CommandLineParser.quoted(text))"
                    + $0.advice(give: "one such as \(format(defaultTimeout))")
            }
        }
        return seconds
    }

    /// `--retries`' text: a whole number within `retriesRange`.
    @Sendable static func retries(_ text: String) throws(SettingValueError) -> Int {
        let digits = text.trimmingWhitespace()
        guard let number = Int(digits) else {
            let unsigned = digits.hasPrefix("-") || digits.hasPrefix("+") ? digits.dropFirst() : digits[...]
            if !unsigned.isEmpty, unsigned.allSatisfy({ $0.isASCII && $0.isNumber }) {
                let size = digits.hasPrefix("-") ? "small" : "large"
                throw SettingValueError {
                    "\($0.subject) is too \(size): \(CommandLineParser.quoted(text))"
                        + $0.advice(give: "one from \(retriesRange.lowerBound) to \(retriesRange.upperBound)")
                }
            }
            throw SettingValueError {
                "\($0.subject) needs a whole number, not \(CommandLineParser.quoted(text))"
                    + $0.advice(give: "one such as \(defaultRetries)")
            }
        }
        guard retriesRange.contains(number) else {
            throw SettingValueError {
                "\($0.subject) must be between \(retriesRange.lowerBound) and \(retriesRange.upperBound), not \(number)"
                    + $0.advice(give: "one such as \(defaultRetries)")
            }
        }
        return number
    }

    /// Whole seconds without a fraction; any other value (1e308 included) as `Double` prints it.
    static func format(_ seconds: TimeInterval) -> String {
        seconds.rounded() == seconds && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

/// The `base-url` setting's values: an absolute http(s) URL with a host, ending in `/`; plain
/// http only to a loopback host.
enum ServiceAddress {
    /// Apple's service, as text.
    static let defaultText = "https://itunes.apple.com/"
    /// Apple's service, the default.
    static let apple = URL(string: defaultText) ?? URL(fileURLWithPath: "/")

    /// Reads an API root; a message names where the text came from (`--base-url`,
    /// `MVSEARCH_BASE_URL`, the file's key) and never repeats a password.
    @Sendable static func parse(_ text: String) throws(SettingValueError) -> URL {
        let shown = CommandLineParser.quoted(AppConfiguration.withoutPassword(text))
        func problem(_ what: String) -> SettingValueError { SettingValueError { "\($0.name) \(shown) \(what)" } }
        let url = URL(string: text)
        if let scheme = url?.scheme?.lowercased(), scheme != "https", scheme != "http" {
            throw problem("is not an http(s) URL — give one like \(defaultText)")
        }
        guard let url, url.scheme != nil, let host = url.host, !host.isEmpty else {
            throw problem("is not a URL — give one like \(defaultText)")
        }
        if let port = url.port, !validPorts.contains(port) {
            throw problem(
                "has port \(port), outside \(validPorts.lowerBound)–\(validPorts.upperBound)"
                    + " — give a port from \(validPorts.lowerBound) to \(validPorts.upperBound)")
        }
        guard url.scheme?.lowercased() == "https" || SessionLimits.isLoopback(host) else {
            throw problem("uses plain http to a non-loopback host — use https")
        }
        guard url.query == nil, url.fragment == nil else {
            throw problem("has a query or fragment — give only the API root")
        }
        if text.hasSuffix("/") { return url }
        return URL(string: text + "/") ?? url
    }

    private static let validPorts = 1...65535
}
