import Foundation

/// A command line that cannot be run, with the message that says why (exit status 64).
struct UsageError: Error, Equatable, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
