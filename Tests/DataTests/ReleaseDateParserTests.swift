import Foundation
import Testing

@testable import Data

@Suite("Release dates in every format the service has used")
struct ReleaseDateParserTests {
    @Test(
        "Known formats parse to the same instant as ISO 8601",
        arguments: [
            ("2019-02-01T08:00:00Z", 1_549_008_000.0),
            ("2009-07-14 07:00:00 Etc/GMT", 1_247_554_800),
            ("2014-03-19", 1_395_187_200),
            ("2000-02-29T12:00:00Z", 951_825_600),
            ("1969-12-31T23:59:59Z", -1),
        ])
    func parses(text: String, seconds: TimeInterval) {
        #expect(ReleaseDateParser.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(
        "Text that is not a valid date gives nil",
        arguments: ["", "soon", "2019-02-30T00:00:00Z", "2019-13-01", "2019/02/01", "19-02-01"])
    func rejects(text: String) {
        #expect(ReleaseDateParser.date(from: text) == nil)
    }
}
