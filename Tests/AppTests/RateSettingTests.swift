import Foundation
import Networking
import Testing

@testable import App

/// The settings file's `rate`, `MVSEARCH_RATE` over it, and the default, which depends on the
/// service asked: Apple's allows about 20 requests a minute, a mirror or a test server its own.
@Suite("The rate setting: the file, the environment, and a default by base URL")
struct RateSettingTests {
    private let threeInTen: RateBudgetSetting
    private let twentyAMinute: RateBudgetSetting

    init() throws {
        threeInTen = .limit(try #require(RequestRate(count: 3, seconds: 10)))
        twentyAMinute = .limit(try #require(RequestRate(count: 20, seconds: 60)))
    }

    private func settingsFile(_ text: String) throws -> LoadedSettingsFile {
        LoadedSettingsFile(path: "/x/config", status: .read, contents: try SettingsFile(parsing: Data(text.utf8)))
    }

    private func configuration(
        _ arguments: [String] = ["x"], environment: [String: String] = [:], file: LoadedSettingsFile = .noFile
    ) throws -> AppConfiguration {
        guard case .search(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("no") }
        return try AppConfiguration(options: options, environment: environment, settingsFile: file)
    }

    @Test("Given rate = 3/10 in the file, then the budget is 3 in 10 s, from that line, for any base URL")
    func fromFile() throws {
        let file = try settingsFile("country = GB\nrate = 3/10\n")
        #expect(file.contents.rate == SettingsFile.Entry(value: threeInTen, line: 2))
        let apple = try configuration(file: file)
        #expect(apple.settings.rate == Setting(value: threeInTen, source: .file(line: 2)))
        let loopback = try configuration(["--base-url", "http://127.0.0.1:8080/", "x"], file: file)
        #expect(loopback.settings.rate == Setting(value: threeInTen, source: .file(line: 2)))
        #expect(try settingsFile(" rate =  OFF ").contents.rate == SettingsFile.Entry(value: .off, line: 1))
    }

    @Test("Given MVSEARCH_RATE, then it wins over the file; empty, it is unset; a bad value is a usage error")
    func environmentWins() throws {
        let file = try settingsFile("rate = 3/10\n")
        let off = try configuration(environment: ["MVSEARCH_RATE": "off"], file: file)
        #expect(off.settings.rate == Setting(value: .off, source: .environment("MVSEARCH_RATE")))
        let minute = try configuration(environment: ["MVSEARCH_RATE": " 20/60 "], file: file)
        #expect(minute.settings.rate == Setting(value: twentyAMinute, source: .environment("MVSEARCH_RATE")))
        let empty = try configuration(environment: ["MVSEARCH_RATE": ""], file: file)
        #expect(empty.settings.rate == Setting(value: threeInTen, source: .file(line: 1)))
        #expect(
            throws: UsageError(
                "MVSEARCH_RATE: the seconds in a rate must be between 1 and 86400, not 0 — "
                    + "set it to N/S such as 20/60, or off, or unset it")
        ) { try configuration(environment: ["MVSEARCH_RATE": "5/0"], file: file) }
    }

    @Test(
        "Given rate = 0/0 or a rate that is no rate, then a settings-file error names the line and the problem",
        arguments: [
            ("rate = 0/0", "the number of requests in a rate must be between 1 and 10000, not 0"),
            ("rate = 20/0", "the seconds in a rate must be between 1 and 86400, not 0"),
            (
                "rate = 20 a minute",
                "a rate is N/S, N requests in S seconds (such as 20/60), or off — not \"20 a minute\""
            ),
            ("rate = -1/60", "the number of requests in a rate must be a whole number from 1 to 10000, not \"-1\""),
        ])
    func badRate(line: String, problem: String) {
        #expect(throws: SettingsFileError(line: 2, problem, advice: "correct or remove the line")) {
            try SettingsFile(parsing: Data("country = GB\n\(line)\n".utf8))
        }
    }

    @Test("Given no rate set, then 20/60 for Apple's service and off for any other base URL, as the default")
    func defaultByBaseURL() throws {
        #expect(try configuration().settings.rate == Setting(value: twentyAMinute, source: .builtIn))
        let upper = try configuration(environment: ["MVSEARCH_BASE_URL": "https://ITUNES.apple.com/"])
        #expect(upper.settings.rate == Setting(value: twentyAMinute, source: .builtIn))
        let loopback = try configuration(["--base-url", "http://127.0.0.1:8080/", "x"])
        #expect(loopback.settings.rate == Setting(value: .off, source: .builtIn))
        let mirror = try configuration(environment: ["MVSEARCH_BASE_URL": "https://itunes.example.org/"])
        #expect(mirror.settings.rate == Setting(value: .off, source: .builtIn))
        #expect(SettingsReport.text(mirror.settings).contains("\nrate       off  "))
    }
}
