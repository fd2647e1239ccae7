import Foundation
import Networking
import Presentation

/// `--verbose`: one stderr line per request — method, URL, status, bytes, time.
struct DiagnosticNetworkLogger: NetworkLogger {
    let output: any TextOutput

    func log(_ event: NetworkEvent) {
        let url = TerminalSanitizer.sanitize(event.url?.absoluteString ?? "(no URL)")
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
}
