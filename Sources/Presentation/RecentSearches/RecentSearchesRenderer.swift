import Foundation
import TerminalUI

/// Turns recent search terms into the text written for them. The DI container picks one per format.
public protocol RecentSearchesRenderer: Sendable {
    /// - Parameter terms: Newest first, as stored.
    /// - Returns: The complete text; nothing (or `[]`) when there are none.
    func render(_ terms: [String]) -> String
}

/// One sanitised line per term.
public struct RecentSearchesLinesRenderer: RecentSearchesRenderer {
    public init() {}

    public func render(_ terms: [String]) -> String {
        terms.map { TerminalSanitizer.sanitize($0) + "\n" }.joined()
    }
}

/// JSON: strings, or objects with the one key `term` when fields are asked for, in an array or
/// one a line. Content is kept; controls are escaped.
public struct RecentSearchesJSONRenderer: RecentSearchesRenderer {
    /// The keys a recent search has as a JSON object.
    public static let fields = ["term"]

    private let asObjects: Bool
    private let layout: JSONLayout

    /// - Parameters:
    ///   - asObjects: `{"term":…}` objects instead of strings.
    ///   - layout: An array, or one value a line.
    public init(asObjects: Bool = false, layout: JSONLayout = .array) {
        self.asObjects = asObjects
        self.layout = layout
    }

    public func render(_ terms: [String]) -> String {
        let values = terms.map { asObjects ? "{\"term\":" + JSONText.quoted($0) + "}" : JSONText.quoted($0) }
        switch layout {
        case .array: return "[" + values.joined(separator: ",") + "]\n"
        case .lines: return values.map { $0 + "\n" }.joined()
        }
    }
}
