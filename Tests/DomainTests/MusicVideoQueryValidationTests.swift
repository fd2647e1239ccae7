import Domain
import Testing

@Suite("A query is validated and normalised before it is sent")
struct MusicVideoQueryValidationTests {
    @Test("The term is trimmed, inner white space folded, the country upper-cased")
    func normalises() throws {
        let query = try MusicVideoQuery(term: "  jack \t\n johnson ", country: "gb").validated()
        #expect(query.term == "jack johnson")
        #expect(query.country == "GB")
    }

    @Test("An empty or blank term is refused", arguments: ["", "   ", "\n\t"])
    func refusesBlankTerm(term: String) {
        #expect(throws: QueryProblem.emptyTerm) { try MusicVideoQuery(term: term).validated() }
    }

    @Test("A term over 500 characters is refused; 500 is accepted")
    func refusesLongTerm() throws {
        #expect(throws: QueryProblem.termTooLong(length: 501, maximum: 500)) {
            try MusicVideoQuery(term: String(repeating: "a", count: 501)).validated()
        }
        #expect(try MusicVideoQuery(term: String(repeating: "한", count: 500)).validated().term.count == 500)
    }

    @Test("The limit must be 1 to 200", arguments: [0, -1, 201, Int.max])
    func refusesLimit(limit: Int) {
        #expect(throws: QueryProblem.limitOutOfRange(limit, 1...200)) {
            try MusicVideoQuery(term: "a", limit: limit).validated()
        }
    }

    @Test("The limit bounds themselves are accepted", arguments: [1, 200])
    func acceptsLimitBounds(limit: Int) throws {
        #expect(try MusicVideoQuery(term: "a", limit: limit).validated().limit == limit)
    }

    @Test("The country must be two ASCII letters", arguments: ["usa", "1x", "", "u", "ü s", "é1", "+6"])
    func refusesCountry(country: String) {
        #expect(throws: QueryProblem.invalidCountry(country)) {
            try MusicVideoQuery(term: "a", country: country).validated()
        }
    }

    @Test("A negative offset is refused")
    func refusesNegativeOffset() {
        #expect(throws: QueryProblem.negativeOffset(-5)) { try MusicVideoQuery(term: "a", offset: -5).validated() }
    }
}
