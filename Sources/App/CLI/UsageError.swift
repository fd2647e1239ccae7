import Domain
import Foundation
import Presentation

/// A command line that cannot be run, with the message that says why (exit status 64).
struct UsageError: Error, Equatable, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

extension UsageError {
    /// Runs a query's validation and words a broken rule as the one-shot command line does
    /// (`limit 500 is out of range — use --limit 1 to 200`).
    /// - Parameter validate: The query's `validated()`.
    /// - Returns: The checked query.
    static func checked<Query>(_ validate: () throws(QueryProblem) -> Query) throws(UsageError) -> Query {
        do {
            return try validate()
        } catch {
            throw UsageError(
                CatalogErrorMessage.message(for: .invalidQuery(error)).text(phrasing: CommandLineHintPhrasing()))
        }
    }
}
