import Foundation
import Testing

@testable import App

@Suite("--settings lays out long values")
struct SettingsReportTests {
    @Test("Given a 60 KB player command, then only its own line is long: the others are padded to 40 columns")
    func longValueDoesNotPadEveryLine() throws {
        let player = "mpv " + String(repeating: "x", count: 60_000)
        let file = LoadedSettingsFile(
            path: "/x/config", status: .read, contents: try SettingsFile(parsing: Data("player = \(player)\n".utf8)))
        guard case .search(let options) = try CommandLineParser.parse(["x"]) else { throw UsageError("no") }
        let text = SettingsReport.text(try UserSettings(options: options, environment: [:], file: file))
        let lines = text.split(separator: "\n")
        let country = try #require(lines.first { $0.hasPrefix("country") })
        #expect(country == "country    US" + String(repeating: " ", count: 40 - 2) + "  default")
        #expect(text.utf8.count < 60_000 + 2_000)
        #expect(lines.contains { $0.hasPrefix("player     mpv xxx") && $0.hasSuffix("  file:1") })
    }
}
