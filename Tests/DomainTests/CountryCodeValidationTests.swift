import Domain
import Testing

/// `QueryValidation.country`: the one check of every country taken (command line, settings,
/// environment, server, agent), against the ISO 3166-1 alpha-2 codes.
@Suite("Country codes")
struct CountryCodeValidationTests {
    @Test("Given codes that name countries, in any case, then each is taken upper-cased")
    func assigned() throws {
        for code in ["us", "GB", "jP", "de", "XK", "ax"] {
            #expect(try QueryValidation.country(code) == code.uppercased())
        }
        #expect(CountryCodes.assigned.count == 250)  // ISO's 249, and Kosovo's XK
    }

    @Test("Given two letters that name no country, then each is refused as an invalid country, named")
    func unassigned() {
        for code in ["ZZ", "zz", "UK", "EU", "AA", "QQ"] {
            #expect(throws: QueryProblem.invalidCountry(code)) { try QueryValidation.country(code) }
        }
    }
}
