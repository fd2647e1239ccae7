import Foundation

/// What a program says, in its own words, when its standard streams drop something.
public struct ConsoleMessages: Sendable {
    /// The line for a line of input over `StandardInputReader.maximumLineBytes`, given its number.
    public var skippedLine: @Sendable (_ lineNumber: Int) -> String
    /// The line for the messages left out while standard error was held, given how many.
    public var leftOutWhileHeld: @Sendable (_ count: Int) -> String

    /// - Parameters:
    ///   - skippedLine: The line for a line of input too long to read, with its line break.
    ///   - leftOutWhileHeld: The line for messages left out while held, with its line break.
    public init(
        skippedLine: @escaping @Sendable (_ lineNumber: Int) -> String,
        leftOutWhileHeld: @escaping @Sendable (_ count: Int) -> String
    ) {
        self.skippedLine = skippedLine
        self.leftOutWhileHeld = leftOutWhileHeld
    }
}
