import Domain
import Foundation
import Networking
import Presentation

/// The settings a user may keep in the settings file, each resolved from the command line, the
/// environment, the file and the defaults, with where it came from (`mvsearch --settings`).
struct UserSettings: Equatable, Sendable {
    let country: Setting<String>
    let limit: Setting<Int>
    /// `nil`: a table on a terminal, else plain lines.
    let format: Setting<OutputFormat?>
    /// Whether output may be coloured where it goes to a terminal.
    let colour: Setting<Bool>
    /// The command line that plays a preview, the URL appended; `nil`: the first of mpv, vlc and
    /// ffplay on `PATH`, else the browser: what `p` plays a preview with.
    let player: Setting<String?>
    /// Whether the full-screen session takes the mouse (the wheel, clicks).
    let mouse: Setting<Bool>
    /// Whether the full-screen session shows artwork, and how.
    let images: Setting<ImagesSetting>
    /// The shared budget of requests to the service (`MVSEARCH_RATE`, the settings file's
    /// `rate`); by default 20 a minute for Apple's service and off for any other base URL.
    let rate: Setting<RateBudgetSetting>
    /// The file they were read from, and how that went.
    let file: LoadedSettingsFile

    /// - Parameters:
    ///   - options: What the command line said.
    ///   - environment: `MVSEARCH_COUNTRY`, `NO_COLOR`, `TERM`, `MVSEARCH_PLAYER`.
    ///   - file: The settings file, read and checked.
    /// - Throws: `UsageError` for a variable whose value is wrong.
    /// - Parameter defaultRate: The rate when nothing sets one (it depends on the base URL).
    init(
        options: SearchOptions, environment: [String: String], file: LoadedSettingsFile,
        defaultRate: RateBudgetSetting = .off
    ) throws(UsageError) {
        let values = file.contents
        if let country = options.country {
            self.country = Setting(value: country, source: .commandLine)  // checked with the query
        } else if let country = environment["MVSEARCH_COUNTRY"], !country.isEmpty {
            do {
                self.country = Setting(
                    value: try MusicVideoQuery.validatedCountry(country), source: .environment("MVSEARCH_COUNTRY"))
            } catch {
                throw UsageError(
                    "MVSEARCH_COUNTRY is \(CommandLineParser.quoted(country)), not a two-letter country code — "
                        + "set it to a code such as US, GB or JP, or unset it")
            }
        } else {
            country = Self.fromFile(values.country) ?? Setting(value: MusicVideoQuery.defaultCountry, source: .builtIn)
        }
        limit =
            options.limit.map { Setting(value: $0, source: .commandLine) }
            ?? Self.fromFile(values.limit) ?? Setting(value: MusicVideoQuery.defaultLimit, source: .builtIn)
        format =
            options.format.map { Setting(value: $0, source: .commandLine) }
            ?? values.format.map { Setting(value: $0.value, source: .file(line: $0.line)) }
            ?? Setting(value: nil, source: .builtIn)
        if options.noColor {
            colour = Setting(value: false, source: .commandLine)
        } else if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            colour = Setting(value: false, source: .environment("NO_COLOR"))
        } else if environment["TERM"] == "dumb" {
            colour = Setting(value: false, source: .environment("TERM=dumb"))
        } else {
            colour = Self.fromFile(values.colour) ?? Setting(value: true, source: .builtIn)
        }
        if let player = environment["MVSEARCH_PLAYER"], !player.isEmpty {
            self.player = Setting(value: player, source: .environment("MVSEARCH_PLAYER"))
        } else {
            player =
                values.player.map { Setting(value: $0.value, source: .file(line: $0.line)) }
                ?? Setting(value: nil, source: .builtIn)
        }
        mouse =
            options.noMouse
            ? Setting(value: false, source: .commandLine)
            : Self.fromFile(values.mouse) ?? Setting(value: true, source: .builtIn)
        images =
            options.noImages
            ? Setting(value: .off, source: .commandLine)
            : Self.fromFile(values.images) ?? Setting(value: .auto, source: .builtIn)
        if let text = environment["MVSEARCH_RATE"], !text.isEmpty {
            do {
                rate = Setting(value: try RateBudgetSetting.parse(text), source: .environment("MVSEARCH_RATE"))
            } catch {
                throw UsageError("MVSEARCH_RATE: \(error.reason) — set it to N/S such as 20/60, or off, or unset it")
            }
        } else {
            rate = Self.fromFile(values.rate) ?? Setting(value: defaultRate, source: .builtIn)
        }
        self.file = file
    }

    private static func fromFile<Value>(_ entry: SettingsFile.Entry<Value>?) -> Setting<Value>? {
        entry.map { Setting(value: $0.value, source: .file(line: $0.line)) }
    }
}
