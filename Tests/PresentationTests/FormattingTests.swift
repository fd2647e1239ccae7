import Foundation
import Mocks
import Platform
import Presentation
import Testing

@Suite("Formatters")
struct FormattingTests {
    @Test(
        "Durations read as m:ss, or h:mm:ss from an hour",
        arguments: [
            (205.63, "3:26"), (59.4, "0:59"), (600, "10:00"), (3723, "1:02:03"), (0, "0:00"),
        ])
    func duration(seconds: Double, expected: String) {
        #expect(DurationFormatter.string(from: seconds) == expected)
    }

    @Test("A missing or impossible duration is blank", arguments: [nil, -1, Double.nan, Double.infinity] as [Double?])
    func blankDuration(seconds: Double?) {
        #expect(DurationFormatter.string(from: seconds) == "")
    }

    @Test(
        "Years and ISO 8601 are in UTC",
        arguments: [
            (1_549_008_000.0, 2019, "2019-02-01T08:00:00Z"),
            (1_247_554_800, 2009, "2009-07-14T07:00:00Z"),
            (-1, 1969, "1969-12-31T23:59:59Z"),
            (951_825_600, 2000, "2000-02-29T12:00:00Z"),
        ])
    func dates(seconds: TimeInterval, year: Int, iso: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(UTCDateFormatter.year(of: date) == year)
        #expect(UTCDateFormatter.iso8601(date) == iso)
    }

    @Test(
        "Prices show the currency",
        arguments: [
            ("1.99", "USD", "$1.99"), ("1.9", "USD", "$1.90"), ("250", "JPY", "¥250"), ("0.99", "GBP", "£0.99"),
            ("12.5", "CHF", "12.50 CHF"), ("3", nil, "3.00"),
        ] as [(String, String?, String)])
    func price(amount: String, currency: String?, expected: String) {
        #expect(PriceFormatter.string(from: Decimal(string: amount), currency: currency) == expected)
    }

    @Test("Values no real video has are formatted without trapping")
    func extremeValues() throws {
        #expect(DurationFormatter.string(from: 1e300) == "")
        #expect(DurationFormatter.wholeSeconds(-Double.infinity) == nil)
        let far = Date(timeIntervalSince1970: 1e300)
        #expect(!UTCDateFormatter.iso8601(far).isEmpty)
        #expect(UTCDateFormatter.year(of: Date(timeIntervalSince1970: -1e300)) < 0)
        let text = MusicVideosJSONRenderer().render([
            MusicVideosListItemViewModel(video: .stub(releaseDate: far, duration: 1e300))
        ])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.first?["durationSeconds"] is NSNull)
    }

    @Test("No price is blank")
    func noPrice() {
        #expect(PriceFormatter.string(from: nil, currency: "USD") == "")
    }
}
