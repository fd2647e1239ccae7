import Networking
import Testing

@Suite("The rate setting: N/S or off")
struct RequestRateTests {
    @Test(
        "Given a rate as written, then it is read, and written back the same way",
        arguments: [("20/60", 20, 60, "20/60"), (" 3/10 ", 3, 10, "3/10"), ("1 / 86400", 1, 86_400, "1/86400")])
    func parses(text: String, count: Int, seconds: Int, written: String) throws {
        let rate = try #require(RequestRate(parsing: text))
        #expect(rate.count == count && rate.seconds == seconds)
        #expect(rate.description == written)
        #expect(try RateBudgetSetting.parse(text) == .limit(rate))
    }

    @Test("Given off in any case, then the setting is off", arguments: ["off", " OFF ", "Off"])
    func off(text: String) throws {
        #expect(try RateBudgetSetting.parse(text) == .off)
        #expect(RequestRate(parsing: text) == nil)
        #expect(RateBudgetSetting.off.description == "off")
    }

    @Test(
        "Given a setting that is not a rate, then the problem says what is wrong",
        arguments: [
            ("0/60", "the number of requests in a rate must be between 1 and 10000, not 0"),
            ("10001/60", "the number of requests in a rate must be between 1 and 10000, not 10001"),
            ("20/0", "the seconds in a rate must be between 1 and 86400, not 0"),
            ("20/86401", "the seconds in a rate must be between 1 and 86400, not 86401"),
            ("1.5/60", "the number of requests in a rate must be a whole number from 1 to 10000, not \"1.5\""),
            ("20/-1", "the seconds in a rate must be a whole number from 1 to 86400, not \"-1\""),
            ("20/", "the seconds in a rate must be a whole number from 1 to 86400, not \"\""),
            ("20", "a rate is N/S, N requests in S seconds (such as 20/60), or off — not \"20\""),
            ("1/2/3", "a rate is N/S, N requests in S seconds (such as 20/60), or off — not \"1/2/3\""),
            ("", "a rate is N/S, N requests in S seconds (such as 20/60), or off — not \"\""),
        ])
    func refuses(text: String, reason: String) {
        #expect(throws: RateBudgetSetting.Problem(reason)) { try RateBudgetSetting.parse(text) }
        #expect(RequestRate(parsing: text) == nil)
    }

    @Test(
        "Given a rate, then its words for a message",
        arguments: [
            ("20/60", "20 a minute"), ("3/10", "3 in 10 s"), ("100/3600", "100 an hour"), ("5/1", "5 a second"),
            ("1000/86400", "1000 a day"), ("50/300", "50 in 5 min"), ("10/7200", "10 in 2 h"), ("7/90", "7 in 90 s"),
        ])
    func wording(text: String, words: String) throws {
        #expect(try #require(RequestRate(parsing: text)).wording == words)
    }

    @Test("Given numbers out of range, then no rate is made")
    func ranges() {
        #expect(RequestRate(count: 0, seconds: 60) == nil)
        #expect(RequestRate(count: 1, seconds: 86_401) == nil)
        #expect(RequestRate(count: 10_000, seconds: 1)?.window == .seconds(1))
    }
}
