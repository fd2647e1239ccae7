import Catalog
import Data
import Domain
import Foundation
import Networking
import Platform
import Presentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The settings of one run, resolved from options, environment and defaults, and checked.
struct AppConfiguration: Equatable, Sendable {
    static let defaultBaseURL = "https://itunes.apple.com/"
    static let defaultTimeout: TimeInterval = 15
    static let timeoutRange: ClosedRange<TimeInterval> = 0.1...600
    static let defaultRetries = 2
    static let retriesRange = 0...5

    let baseURL: URL
    let timeout: TimeInterval
    let retries: Int
    /// The settings the settings file may hold too, and where each comes from.
    let settings: UserSettings
    let verbose: Bool
    /// Where recent searches live: `$XDG_STATE_HOME/mvsearch`, else `~/.local/state/mvsearch`.
    let stateDirectory: URL
    /// Where answers are cached: `$XDG_CACHE_HOME/mvsearch`, else `~/.cache/mvsearch`.
    let cacheDirectory: URL
    /// The home folder one of those two is in, when it does not exist: mvsearch never creates it,
    /// and runs without cache and history (saying so once).
    let missingHome: String?
    /// Seconds a cached answer stays fresh (`MVSEARCH_CACHE_TTL`); 0 turns the cache off.
    let cacheTimeToLive: TimeInterval
    let cacheMode: CachingDataTransferService.Mode
    static let defaultCacheTimeToLive: TimeInterval = 3600
    /// The budget for Apple's service when nothing sets one.
    static let appleRate: RateBudgetSetting = RequestRate(count: 20, seconds: 60).map { .limit($0) } ?? .off
    /// For the browser opener's `PATH`.
    let environment: [String: String]
    /// Whether this run's searches that find videos are kept among the recent searches (the
    /// `remember` setting, the run and where its output goes).
    let remembersSearches: Bool

    /// - Parameters:
    ///   - options: What the command line said.
    ///   - environment: The process environment (`MVSEARCH_BASE_URL`, `MVSEARCH_COUNTRY`).
    ///   - settingsFile: The settings file, read and checked: below the command line and the
    ///     environment, above the defaults.
    ///   - outputIsTerminal: Whether standard output is a terminal (the `remember` setting).
    /// - Throws: `UsageError` naming the option or variable whose value is wrong.
    init(
        options: SearchOptions, environment: [String: String], settingsFile: LoadedSettingsFile = .noFile,
        outputIsTerminal: Bool = true
    ) throws(UsageError) {
        if let text = options.baseURL {
            baseURL = try Self.baseURL(text, source: "--base-url")
        } else if let text = environment["MVSEARCH_BASE_URL"], !text.isEmpty {
            baseURL = try Self.baseURL(text, source: "MVSEARCH_BASE_URL")
        } else {
            baseURL = try Self.baseURL(Self.defaultBaseURL, source: "the default base URL")
        }

        let timeout = options.timeout ?? Self.defaultTimeout
        guard Self.timeoutRange.contains(timeout) else {
            // Below the range the value may have been rounded to 0 when read (`1e-400`): saying
            // "not 0" would name a value no one gave.
            let given =
                timeout < Self.timeoutRange.lowerBound
                ? "; the value given is too small" : ", not \(Self.format(timeout))"
            throw UsageError(
                "option --timeout must be between \(Self.format(Self.timeoutRange.lowerBound)) and "
                    + "\(Self.format(Self.timeoutRange.upperBound)) seconds\(given)")
        }
        self.timeout = timeout

        let retries = options.retries ?? Self.defaultRetries
        guard Self.retriesRange.contains(retries) else {
            throw UsageError(
                "option --retries must be between \(Self.retriesRange.lowerBound) and \(Self.retriesRange.upperBound), "
                    + "not \(retries)")
        }
        self.retries = retries

        // Apple's service allows about 20 requests a minute; a mirror or a test server, its own.
        let isApple = baseURL.host?.lowercased() == URL(string: Self.defaultBaseURL)?.host
        settings = try UserSettings(
            options: options, environment: environment, file: settingsFile,
            defaults: SettingDefaults(asksApplesService: isApple))
        // A session's searches are the user's; a one-shot search's, only where it writes to a terminal.
        let isSession = options.interactive || options.pick || options.termWords.isEmpty
        remembersSearches = settings.remember.value.remembers(isSession: isSession, outputIsTerminal: outputIsTerminal)
        verbose = options.verbose
        if let text = environment["MVSEARCH_CACHE_TTL"], !text.isEmpty {
            // Spaces around the number are allowed, as in `--limit ' 5'` and the settings file.
            guard let seconds = Int(text.trimmingWhitespace()), seconds >= 0 else {
                throw UsageError(
                    "MVSEARCH_CACHE_TTL is \(CommandLineParser.quoted(text)), not a number of seconds — "
                        + "set it to 0 (no cache) or more, or unset it")
            }
            cacheTimeToLive = TimeInterval(seconds)
        } else {
            cacheTimeToLive = Self.defaultCacheTimeToLive
        }
        guard !(options.noCache && options.offline) else {
            throw UsageError("--no-cache and --offline cannot be used together — choose one")
        }
        // With the cache off nothing is kept, so --offline would have nothing to answer from (an
        // answer an earlier run kept would be one the setting says not to use).
        guard !(options.offline && cacheTimeToLive == 0) else {
            throw UsageError(
                "--offline answers from the response cache, which MVSEARCH_CACHE_TTL=0 turns off — "
                    + "unset MVSEARCH_CACHE_TTL, or run without --offline")
        }
        cacheMode = options.offline ? .offline : options.noCache ? .refresh : .normal
        stateDirectory = Self.xdgDirectory("XDG_STATE_HOME", default: ".local/state", environment)
        cacheDirectory = Self.xdgDirectory("XDG_CACHE_HOME", default: ".cache", environment)
        let home = Self.home(environment).path
        var status = stat()
        let usesHome = [stateDirectory, cacheDirectory].contains { $0.path.hasPrefix(home + "/") }
        missingHome = usesHome && stat(home, &status) != 0 ? home : nil
        self.environment = environment
    }

    /// `$HOME` when it is an absolute path, else the user's home folder from the system.
    private static func home(_ environment: [String: String]) -> URL {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            .map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
    }

    /// XDG base directories: the variable when it holds an absolute path, else `$HOME/<default>`;
    /// then `mvsearch`.
    static func xdgDirectory(_ variable: String, default relative: String, _ environment: [String: String]) -> URL {
        let base: URL
        if let path = environment[variable], path.hasPrefix("/") {
            base = URL(fileURLWithPath: path, isDirectory: true)
        } else {
            base = home(environment).appendingPathComponent(relative, isDirectory: true)
        }
        return base.appendingPathComponent("mvsearch", isDirectory: true)
    }

    /// Whether answers go through the response cache at all (`--offline` with the cache off is
    /// refused).
    var usesCache: Bool { cacheTimeToLive > 0 }

    /// An absolute http(s) URL with a host, ending in `/`; plain http only to a loopback host.
    private static func baseURL(_ text: String, source: String) throws(UsageError) -> URL {
        let shown = CommandLineParser.quoted(withoutPassword(text))
        let url = URL(string: text)
        if let scheme = url?.scheme?.lowercased(), scheme != "https", scheme != "http" {
            throw UsageError("\(source) \(shown) is not an http(s) URL — give one like https://itunes.apple.com/")
        }
        guard let url, url.scheme != nil, let host = url.host, !host.isEmpty else {
            throw UsageError("\(source) \(shown) is not a URL — give one like https://itunes.apple.com/")
        }
        if let port = url.port, !validPorts.contains(port) {
            throw UsageError(
                "\(source) \(shown) has port \(port), outside \(validPorts.lowerBound)–\(validPorts.upperBound)"
                    + " — give a port from \(validPorts.lowerBound) to \(validPorts.upperBound)")
        }
        guard url.scheme?.lowercased() == "https" || SessionLimits.isLoopback(host) else {
            throw UsageError("\(source) \(shown) uses plain http to a non-loopback host — use https")
        }
        guard url.query == nil, url.fragment == nil else {
            throw UsageError("\(source) \(shown) has a query or fragment — give only the API root")
        }
        if text.hasSuffix("/") { return url }
        return URL(string: text + "/") ?? url
    }

    private static let validPorts = 1...65535

    /// A URL's text with any user name and password in it shown as `***`
    /// (`http://user:secret@host/` is `http://***@host/`): a message never repeats a password.
    static func withoutPassword(_ text: String) -> String {
        let characters = Array(text)
        guard let colon = characters.indices.first(where: { characters[$0...].starts(with: "://") }) else {
            return text
        }
        let start = colon + 3
        let end = characters[start...].firstIndex { "/?#".contains($0) } ?? characters.endIndex
        guard let at = characters[start..<end].lastIndex(of: "@") else { return text }
        return String(characters[..<start]) + "***" + String(characters[at...])
    }

    /// Whole seconds without a fraction; any other value (1e308 included) as `Double` prints it.
    private static func format(_ seconds: TimeInterval) -> String {
        seconds.rounded() == seconds && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

extension AppConfiguration {
    /// The store country: checked already when it came from the environment or the settings
    /// file, and with the rest of the query when it came from the command line.
    var country: String { settings.country.value }

    /// Results per page.
    var limit: Int { settings.limit.value }

    /// Whether requests keep their connection, host names and TLS sessions for the next ones.
    /// Off only for `Benchmarks/latency`'s baseline: `MVSEARCH_BENCH_NO_REUSE=1` (the engine then
    /// opens a connection, with a full handshake, for every request).
    var reusesConnections: Bool { environment["MVSEARCH_BENCH_NO_REUSE"] != "1" }

    /// Whether the sessions fetch the next page before it is asked for. Off only for
    /// `Benchmarks/latency`'s baseline: `MVSEARCH_BENCH_NO_PREFETCH=1`.
    var prefetchesPages: Bool { environment["MVSEARCH_BENCH_NO_PREFETCH"] != "1" }

    /// The service graph's settings: what Catalog builds every front end's services from.
    /// - Parameters:
    ///   - logger: Told of every request (`-v`).
    ///   - warn: Told what the user should know about the cache and history files, in a line each.
    ///   - remembersSearches: Whether searches that find videos are kept among the recent searches
    ///     (a server's are not); by default as the `remember` setting says for this run.
    func catalogSettings(
        logger: any NetworkLogger, remembersSearches: Bool? = nil, warn: @escaping @Sendable (String) -> Void
    ) -> CatalogSettings {
        CatalogSettings(
            baseURL: baseURL, timeout: timeout, retries: retries,
            cache: usesCache ? .on(directory: cacheDirectory, timeToLive: cacheTimeToLive, mode: cacheMode) : .off,
            rate: settings.rate.value, ledgerDirectory: missingHome == nil ? cacheDirectory : nil,
            stateDirectory: stateDirectory, remembersSearches: remembersSearches ?? self.remembersSearches,
            defaultCountry: country,
            defaultLimit: limit,
            headers: networkConfiguration.headers, environment: environment, reusesConnections: reusesConnections,
            logger: logger, warn: warn)
    }

    /// The Networking layer's view of this configuration.
    var networkConfiguration: APINetworkConfiguration {
        APINetworkConfiguration(
            baseURL: baseURL,
            headers: ["User-Agent": HelpText.version.split(separator: " ").joined(separator: "/")],
            timeout: timeout
        )
    }
}
