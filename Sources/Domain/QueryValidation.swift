import Foundation

/// Why a query cannot be sent.
public enum QueryProblem: Error, Equatable, Sendable {
    case emptyTerm
    case termTooLong(length: Int, maximum: Int)
    case limitOutOfRange(Int, ClosedRange<Int>)
    case negativeOffset(Int)
    /// An offset past any result the service has: refused, so that paging and row numbers
    /// never overflow.
    case offsetTooLarge(Int, maximum: Int)
    case invalidCountry(String)
    /// A track or artist id must be a positive number.
    case invalidID(Int)
}

/// The rules every query shares, whatever it asks for: the term, the page size, the country.
public enum QueryValidation {
    /// Results per request the service answers.
    public static let limitRange = 1...200
    /// The largest offset a query may start at.
    public static let maximumOffset = 1_000_000
    /// Longer terms are refused rather than sent.
    public static let maximumTermLength = 500

    /// - Parameter term: The words as typed.
    /// - Returns: The term trimmed, with inner runs of white space folded to one space.
    /// - Throws: `QueryProblem.emptyTerm` or `.termTooLong`.
    public static func term(_ term: String) throws(QueryProblem) -> String {
        let normalised = term.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard !normalised.isEmpty else { throw .emptyTerm }
        guard normalised.count <= maximumTermLength else {
            throw .termTooLong(length: normalised.count, maximum: maximumTermLength)
        }
        return normalised
    }

    /// - Parameter limit: Results per page.
    /// - Returns: The limit, when within `limitRange`.
    /// - Throws: `QueryProblem.limitOutOfRange`.
    public static func limit(_ limit: Int) throws(QueryProblem) -> Int {
        guard limitRange.contains(limit) else { throw .limitOutOfRange(limit, limitRange) }
        return limit
    }

    /// Checks that a country is two ASCII letters that name a country (`CountryCodes`): the one
    /// check of every country taken, from the command line, the settings, the environment, a
    /// server's request or an agent's call.
    /// - Parameter country: The code as typed.
    /// - Returns: The code upper-cased.
    /// - Throws: `QueryProblem.invalidCountry` otherwise (`USA`, `1A`, `ZZ`).
    public static func country(_ country: String) throws(QueryProblem) -> String {
        let scalars = country.unicodeScalars
        guard scalars.count == 2, scalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }),
            CountryCodes.isAssigned(country)
        else {
            throw .invalidCountry(country)
        }
        return country.uppercased()
    }

    /// A use case's first step: runs the query's validation and reports a broken rule as
    /// `CatalogError.invalidQuery`, before anything is sent.
    /// - Parameter validate: The query's `validated()`.
    /// - Returns: The normalised query.
    /// - Throws: `CatalogError.invalidQuery`.
    public static func checked<Query>(_ validate: () throws(QueryProblem) -> Query) throws(CatalogError) -> Query {
        do {
            return try validate()
        } catch {
            throw .invalidQuery(error)
        }
    }
}

extension MusicVideoQuery {
    /// The query as it will be sent: the term normalised, the country upper-cased.
    /// - Returns: The normalised query.
    /// - Throws: The first `QueryProblem` found.
    public func validated() throws(QueryProblem) -> MusicVideoQuery {
        var query = self
        query.term = try QueryValidation.term(term)
        query.limit = try QueryValidation.limit(limit)
        guard offset >= 0 else { throw .negativeOffset(offset) }
        guard offset <= QueryValidation.maximumOffset else {
            throw .offsetTooLarge(offset, maximum: QueryValidation.maximumOffset)
        }
        query.country = try QueryValidation.country(country)
        return query
    }

    /// Checks that a country is a country's two-letter code (`QueryValidation.country(_:)`).
    public static func validatedCountry(_ country: String) throws(QueryProblem) -> String {
        try QueryValidation.country(country)
    }
}
