import Domain
import Foundation

/// What a failure means to the user: what happened, and a hint at what to do.
public enum CatalogErrorMessage {
    /// - Parameter error: The failure.
    /// - Returns: The message; its hint is worded by whoever writes it.
    public static func message(for error: CatalogError) -> UserMessage {
        switch error {
        case .invalidQuery(let problem):
            return message(for: problem)
        case .offline:
            return UserMessage("you appear to be offline", hint: .checkConnection)
        case .notAvailableOffline:
            return UserMessage("nothing is cached for this request", hint: .fetchWhileOnline)
        case .serviceUnreachable:
            return UserMessage("cannot reach the iTunes service", hint: .checkServiceAddress)
        case .connectionLost:
            return UserMessage("the connection to the iTunes service broke off mid-answer", hint: .tryAgain)
        case .serviceUnavailable(let statusCode):
            return UserMessage("the iTunes service is unavailable (HTTP \(statusCode))", hint: .tryAgainLater)
        case .timedOut:
            return UserMessage("the iTunes service did not answer in time", hint: .allowMoreTime)
        case .rateLimited(let retryAfter):
            return UserMessage(
                "the iTunes service limits clients to about 20 requests a minute and refused this one",
                hint: .waitAndTryAgain(seconds: retryAfter.map { Int(min($0, 86_400).rounded(.up)) }))
        case .rejectedQuery(let message?):
            return UserMessage("the iTunes service rejected the query: \(message)", hint: .checkSearchOptions)
        case .rejectedQuery(nil):
            return UserMessage("the iTunes service rejected the query", hint: .checkSearchOptions)
        case .unreadableResponse(let reason):
            return UserMessage("could not read the answer: \(reason)", hint: .tryAgainLater)
        case .cancelled:
            return UserMessage("cancelled", hint: nil)
        }
    }

    private static func message(for problem: QueryProblem) -> UserMessage {
        switch problem {
        case .emptyTerm:
            return UserMessage("the search term is empty", hint: .giveSearchWords)
        case .termTooLong(let length, let maximum):
            return UserMessage("the search term is \(length) characters long", hint: .shortenTerm(maximum: maximum))
        case .limitOutOfRange(let limit, let range):
            return UserMessage("the limit \(limit) is out of range", hint: .chooseLimit(range))
        case .negativeOffset(let offset):
            return UserMessage("the offset \(offset) is negative", hint: .chooseNonNegativeOffset)
        case .invalidID(let id):
            return UserMessage("\(id) is not a valid id", hint: .givePositiveID)
        case .invalidCountry(let country):
            return UserMessage("\"\(country)\" is not a two-letter country code", hint: .giveCountryCode)
        }
    }
}
