import Foundation
import Networking
import Presentation
import TerminalUI

/// `--verbose`: one stderr line per request — method, URL, status, bytes, time. A user name
/// and password in the URL (`https://user:secret@host/`) are shown as `***@`.
struct DiagnosticNetworkLogger: NetworkLogger {
    let output: any TextOutput

    func log(_ event: NetworkEvent) {
        let url = TerminalSanitizer.sanitize(event.url.map(Self.redacted) ?? "(no URL)")
        let milliseconds = Int(
            (Double(event.duration.components.seconds) * 1000
                + Double(event.duration.components.attoseconds) / 1e15).rounded())
        let result: String
        switch event.outcome {
        case .response(let statusCode, let bytes): result = "\(statusCode), \(bytes) bytes"
        case .failure(let error): result = "failed (\(TerminalSanitizer.sanitize(String(describing: error))))"
        }
        output.write("mvsearch: \(event.method.rawValue) \(url) → \(result), \(milliseconds) ms\n")
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
