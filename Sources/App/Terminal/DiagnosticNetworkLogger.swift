import Foundation
import Networking
import Presentation
import TerminalUI

/// `--verbose`: one stderr line per request — method, URL, status, bytes, time; or, for an
/// answer from the response cache, how old it is — and one for each wait for the request budget. A user name and password in the URL
/// (`https://user:secret@host/`) are shown as `***@`.
struct DiagnosticNetworkLogger: NetworkLogger {
    let output: any TextOutput

    func log(_ event: NetworkEvent) {
        let url = TerminalSanitizer.sanitize(event.url.map(Self.redacted) ?? "(no URL)")
        if case .cached(let age) = event.outcome {
            output.write("mvsearch: \(event.method.rawValue) \(url) — from the cache, stored \(Self.age(age)) ago\n")
            return
        }
        let milliseconds = Int(
            (Double(event.duration.components.seconds) * 1000
                + Double(event.duration.components.attoseconds) / 1e15).rounded())
        let result: String
        switch event.outcome {
        case .response(let statusCode, let bytes): result = "\(statusCode), \(bytes) bytes"
        case .failure(let error): result = "failed (\(TerminalSanitizer.sanitize(String(describing: error))))"
        case .cached: return
        }
        output.write("mvsearch: \(event.method.rawValue) \(url) → \(result), \(milliseconds) ms\n")
    }

    func log(budgetWait notice: RateBudgetNotice) {
        output.write("mvsearch: \(WaitDetail.text(for: notice))\n")
    }

    /// An entry's age in its largest whole unit: `40 s`, `50 min`, `3 h`, `2 days` (a time in the
    /// future, from a clock set back, is `0 s`).
    static func age(_ seconds: TimeInterval) -> String {
        let seconds = seconds.isFinite ? Int(min(max(0, seconds), 1e12).rounded(.down)) : 0
        switch seconds {
        case ..<60: return "\(seconds) s"
        case ..<3600: return "\(seconds / 60) min"
        case ..<(48 * 3600): return "\(seconds / 3600) h"
        default: return "\(seconds / 86_400) days"
        }
    }

    /// The URL's text with its user information replaced by `***`.
    static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.percentEncodedUser != nil || components.percentEncodedPassword != nil
        else { return url.absoluteString }
        components.percentEncodedUser = "***"
        components.percentEncodedPassword = nil
        return components.string ?? "(a URL with credentials)"
    }
}
