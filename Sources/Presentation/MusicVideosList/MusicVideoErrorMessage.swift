import Domain
import Foundation

/// The one-line explanation of an error: what happened, then what to do.
public enum MusicVideoErrorMessage {
    /// - Parameter error: The failure.
    /// - Returns: `<what happened> — <what to do>`, safe for a terminal.
    public static func text(for error: MusicVideoError) -> String {
        let (what, advice) = parts(for: error)
        return TerminalSanitizer.sanitize(advice.isEmpty ? what : "\(what) — \(advice)")
    }

    private static func parts(for error: MusicVideoError) -> (String, String) {
        switch error {
        case .invalidQuery(let problem):
            return parts(for: problem)
        case .offline:
            return ("you appear to be offline", "check the network connection and try again")
        case .notAvailableOffline:
            return ("nothing is cached for this request", "run it once without --offline")
        case .serviceUnreachable:
            return ("cannot reach the iTunes service", "check the network connection (and --base-url) and try again")
        case .connectionLost:
            return ("the connection to the iTunes service broke off mid-answer", "try again")
        case .serviceUnavailable(let statusCode):
            return ("the iTunes service is unavailable (HTTP \(statusCode))", "try again later")
        case .timedOut:
            return ("the iTunes service did not answer in time", "try again, or allow longer with --timeout")
        case .rateLimited(let retryAfter):
            let seconds = retryAfter.map { Int(min($0, 86_400).rounded(.up)) }
            let wait = seconds.map { "wait \($0) second\($0 == 1 ? "" : "s")" } ?? "wait a minute"
            return (
                "the iTunes service limits clients to about 20 requests a minute and refused this one",
                "\(wait) and try again"
            )
        case .rejectedQuery(let message?):
            return ("the iTunes service rejected the query: \(message)", "check the search options")
        case .rejectedQuery(nil):
            return ("the iTunes service rejected the query", "check the search options")
        case .unreadableResponse(let reason):
            return ("could not read the answer: \(reason)", "try again later")
        case .cancelled:
            return ("cancelled", "")
        }
    }

    private static func parts(for problem: QueryProblem) -> (String, String) {
        switch problem {
        case .emptyTerm:
            return ("the search term is empty", "give words to search for, e.g. mvsearch jack johnson")
        case .termTooLong(let length, let maximum):
            return ("the search term is \(length) characters long", "use at most \(maximum)")
        case .limitOutOfRange(let limit, let range):
            return ("the limit \(limit) is out of range", "use --limit \(range.lowerBound) to \(range.upperBound)")
        case .negativeOffset(let offset):
            return ("the offset \(offset) is negative", "use --offset 0 or more")
        case .invalidID(let id):
            return ("\(id) is not a valid id", "ids are positive numbers, e.g. 1451289202")
        case .invalidCountry(let country):
            return ("\"\(country)\" is not a two-letter country code", "use a code such as US, GB or JP")
        }
    }
}
