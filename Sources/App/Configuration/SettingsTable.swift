import Domain
import Foundation
import Networking
import Platform
import Presentation
import TerminalUI

/// Every setting a user may keep in the settings file, each declared once, in the order
/// `--settings`, `--help` and the man page list them. Adding one is a property here, its place
/// in `all`, and its use (`configuration.settings.<name>.value`); see docs/adding-a-setting.md.
struct SettingsTable: Sendable {
    /// The table.
    static let shared = SettingsTable()

    let country = SettingDeclaration<String>(
        "country", values: "a two-letter store country such as US, GB or JP", shortValues: "CC",
        commandLine: .spelled("--country") { $0.country },  // checked with the query
        variables: [.value("MVSEARCH_COUNTRY", advice: "a code such as US, GB or JP")],
        parse: { text throws(SettingValueError) in
            do { return try QueryValidation.country(text) } catch { throw SettingValueError() }
        }, show: { $0 }, default: { _ in MusicVideoQuery.defaultCountry })

    let limit = SettingDeclaration<Int>(
        "limit", values: "a whole number from \(limits.lowerBound) to \(limits.upperBound)",
        shortValues: "\(limits.lowerBound)–\(limits.upperBound)", commandLine: .spelled("--limit") { $0.limit },
        parse: { text throws(SettingValueError) in
            guard let number = Int(text), limits.contains(number) else { throw SettingValueError() }
            return number
        }, show: { String($0) }, default: { _ in MusicVideoQuery.defaultLimit })

    /// `nil`: a table on a terminal, else plain lines.
    let format = SettingDeclaration<OutputFormat?>(
        "format", values: oneOf(OutputFormat.allCases), shortValues: slashed(OutputFormat.allCases),
        choices: OutputFormat.allCases.map(\.rawValue),
        commandLine: .spelled("--format") { options in options.format.map { .some($0) } },
        parse: { text throws(SettingValueError) in try choice(text, of: OutputFormat.self) },
        show: { $0?.rawValue ?? "table on a terminal, else plain" }, default: { _ in nil })

    /// Whether output may be coloured where it goes to a terminal.
    let colour = SettingDeclaration<Bool>(
        "colour", fileAliases: ["color"], values: "on or off", shortValues: "on/off", choices: ["on", "off"],
        commandLine: .options([
            SettingOption(
                long: "--no-color", aliases: ["--no-colour"], sets: "off",
                help: ["no colour (also NO_COLOR=1 or TERM=dumb)"])
        ]),
        variables: [
            .means(false, "NO_COLOR", when: { _ in true }),
            .means(false, "TERM", when: { $0 == "dumb" }, shownAs: "TERM=dumb"),
        ], parse: onOff, show: showOnOff, default: { _ in true })

    /// The command line that plays a preview, the URL appended; `nil`: the first of mpv, vlc and
    /// ffplay on `PATH`, else the browser.
    let player = SettingDeclaration<String?>(
        "player", values: "a command line, such as mpv --fs", shortValues: "a command line",
        variables: [.value("MVSEARCH_PLAYER", advice: "a player's command line such as mpv --fs")],
        parse: { text throws(SettingValueError) in
            guard SystemPreviewPlayer.words(of: text) != nil else {
                throw SettingValueError(reason: "player's command has an unterminated quote", advice: "close the quote")
            }
            return text
        }, show: { $0.map(TerminalSanitizer.sanitize) ?? "mpv, vlc or ffplay, else the browser" }, default: { _ in nil }
    )

    /// Whether the full-screen session takes the mouse (the wheel, clicks).
    let mouse = SettingDeclaration<Bool>(
        "mouse", values: "on or off", shortValues: "on/off", choices: ["on", "off"],
        commandLine: .options([
            SettingOption(
                long: "--no-mouse", sets: "off", scopes: CommandLineOption.Scope.fullScreen.union([.settings]),
                help: ["the session leaves the mouse to the terminal (its own text selection)"])
        ]), parse: onOff, show: showOnOff, default: { _ in true })

    /// Whether the full-screen session shows artwork, and how.
    let images = SettingDeclaration<ImagesSetting>(
        "images", values: oneOf(ImagesSetting.allCases), shortValues: slashed(ImagesSetting.allCases),
        choices: ImagesSetting.allCases.map(\.rawValue),
        commandLine: .options([
            SettingOption(
                long: "--no-images", sets: "off", scopes: CommandLineOption.Scope.fullScreen.union([.settings]),
                help: ["no artwork in the full-screen session (setting images = off)"])
        ]), parse: { text throws(SettingValueError) in try choice(text, of: ImagesSetting.self) },
        show: \.rawValue, default: { _ in .auto })

    /// The shared budget of requests to the service: by default 20 a minute for Apple's service
    /// and off for any other base URL.
    let rate = SettingDeclaration<RateBudgetSetting>(
        "rate", values: "N/S, at most N requests to the service in S seconds (such as 20/60), or off",
        shortValues: "N/S or off", variables: [.value("MVSEARCH_RATE", advice: "N/S such as 20/60, or off")],
        parse: { text throws(SettingValueError) in
            do throws(RateBudgetSetting.Problem) {
                return try RateBudgetSetting.parse(text)
            } catch {
                throw SettingValueError(reason: error.reason)
            }
        }, show: \.description, default: { $0.asksApplesService ? AppConfiguration.appleRate : .off })

    /// Which searches are kept among the recent searches: every one, those of the sessions and of
    /// one-shot searches written to a terminal (not a script's), or none.
    let remember = SettingDeclaration<RememberSearches>(
        "remember", values: oneOf(RememberSearches.allCases), shortValues: slashed(RememberSearches.allCases),
        choices: RememberSearches.allCases.map(\.rawValue),
        commandLine: .options([
            SettingOption(
                long: "--remember", placeholder: "WHEN", scopes: [.search, .session, .pick, .sessionList, .settings],
                help: [
                    "keep the search among the recent searches: always, terminal (in a session, or when",
                    "the output is a terminal: not a script's; the default) or never",
                ])
        ]), variables: [.value("MVSEARCH_REMEMBER", advice: slashed(RememberSearches.allCases))],
        parse: { text throws(SettingValueError) in try choice(text, of: RememberSearches.self) },
        show: \.rawValue, default: { _ in .terminal })

    /// Seconds each request may take in all.
    let timeout = SettingDeclaration<TimeInterval>(
        "timeout", values: "a number of seconds from 0.1 to 600", shortValues: "seconds",
        commandLine: .options([
            SettingOption(
                long: "--timeout", placeholder: "S", scopes: CommandLineOption.Scope.requests,
                help: ["seconds each request may take in all (default 15)"])
        ]), parse: RequestLimits.timeout, show: { RequestLimits.format($0) + " s" },
        default: { _ in RequestLimits.defaultTimeout })

    /// Tries again after server errors and broken connections.
    let retries = SettingDeclaration<Int>(
        "retries", values: "a whole number from 0 to 5", shortValues: "0–5",
        commandLine: .options([
            SettingOption(
                long: "--retries", placeholder: "N", scopes: CommandLineOption.Scope.requests,
                help: ["tries again after server errors and broken connections, 0–5 (default 2)"])
        ]), parse: RequestLimits.retries, show: { String($0) }, default: { _ in RequestLimits.defaultRetries })

    /// The service's root: Apple's, or a mirror or a test server (plain http only to a loopback host).
    let baseURL = SettingDeclaration<URL>(
        "base-url", values: "an http(s) URL such as https://itunes.apple.com/", shortValues: "URL",
        commandLine: .options([
            SettingOption(
                long: "--base-url", placeholder: "URL", scopes: CommandLineOption.Scope.requests,
                help: [
                    "API root (default $MVSEARCH_BASE_URL or https://itunes.apple.com/);",
                    "plain http only for loopback hosts",
                ])
        ]), variables: [.value("MVSEARCH_BASE_URL", advice: "an http(s) URL")],
        parse: ServiceAddress.parse,
        show: { TerminalSanitizer.sanitize(AppConfiguration.withoutPassword($0.absoluteString)) },
        default: { _ in ServiceAddress.apple })

    /// Seconds a cached answer stays fresh; 0 turns the response cache off.
    let cacheTTL = SettingDeclaration<Int>(
        "cache-ttl", values: "a number of seconds", shortValues: "seconds",
        variables: [.value("MVSEARCH_CACHE_TTL", advice: "0 (no cache) or more")],
        parse: { text throws(SettingValueError) in
            // Spaces around the number are allowed, as in `--limit ' 5'` and the settings file.
            guard let seconds = Int(text.trimmingWhitespace()), seconds >= 0 else { throw SettingValueError() }
            return seconds
        }, show: { $0 == 0 ? "0 s (no cache)" : "\($0) s" }, default: { _ in RequestLimits.defaultCacheTimeToLive })

    /// Every setting, in order.
    var all: [any DeclaredSetting] {
        [country, limit, format, colour, player, mouse, images, rate, remember, timeout, retries, baseURL, cacheTTL]
    }
}

private let limits = QueryValidation.limitRange

private func oneOf<Choice: RawRepresentable<String>>(_ choices: [Choice]) -> String {
    "one of " + choices.map(\.rawValue).joined(separator: ", ")
}

private func slashed<Choice: RawRepresentable<String>>(_ choices: [Choice]) -> String {
    choices.map(\.rawValue).joined(separator: "/")
}

/// One of a fixed list, in any case; a near miss is named.
private func choice<Choice: RawRepresentable<String> & CaseIterable>(_ text: String, of type: Choice.Type)
    throws(SettingValueError) -> Choice
{
    if let value = Choice(rawValue: text.lowercased()) { return value }
    let guess = CommandLineParser.closest(to: text.lowercased(), among: Choice.allCases.map(\.rawValue))
    throw SettingValueError(advice: guess.map { "did you mean \($0)?" })
}

/// What an on-off setting accepts.
@Sendable private func onOff(_ text: String) throws(SettingValueError) -> Bool {
    switch text.lowercased() {
    case "on", "yes", "true": true
    case "off", "no", "false": false
    default: throw SettingValueError()
    }
}

@Sendable private func showOnOff(_ value: Bool) -> String { value ? "on" : "off" }
