import Foundation

/// Why a query cannot be sent.
public enum QueryProblem: Error, Equatable, Sendable {
    case emptyTerm
    case termTooLong(length: Int, maximum: Int)
    case limitOutOfRange(Int, ClosedRange<Int>)
    case negativeOffset(Int)
    case invalidCountry(String)
    /// A track or artist id must be a positive number.
    case invalidID(Int)
}

extension MusicVideoQuery {
    /// The query as it will be sent: the term trimmed with inner runs of white space folded to
    /// one space, the country upper-cased.
    /// - Returns: The normalised query.
    /// - Throws: The first `QueryProblem` found.
    public func validated() throws(QueryProblem) -> MusicVideoQuery {
        let words = term.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let normalisedTerm = words.joined(separator: " ")
        guard !normalisedTerm.isEmpty else { throw .emptyTerm }
        guard normalisedTerm.count <= Self.maximumTermLength else {
            throw .termTooLong(length: normalisedTerm.count, maximum: Self.maximumTermLength)
        }
        guard Self.limitRange.contains(limit) else { throw .limitOutOfRange(limit, Self.limitRange) }
        guard offset >= 0 else { throw .negativeOffset(offset) }
        let normalisedCountry = try Self.validatedCountry(country)
        var query = self
        query.term = normalisedTerm
        query.country = normalisedCountry
        return query
    }

    /// Checks that a country is two ASCII letters.
    /// - Parameter country: The code as typed.
    /// - Returns: The code upper-cased.
    /// - Throws: `QueryProblem.invalidCountry` otherwise.
    public static func validatedCountry(_ country: String) throws(QueryProblem) -> String {
        let scalars = country.unicodeScalars
        guard scalars.count == 2, scalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            throw .invalidCountry(country)
        }
        return country.uppercased()
    }
}
