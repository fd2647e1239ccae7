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
    /// The home folder the cache folder is in, when it does not exist: mvsearch never creates it,
    /// and runs without the response cache (saying so once). `nil` when `XDG_CACHE_HOME` puts the
    /// cache elsewhere.
    let missingHomeOfCache: String?
    /// The home folder the state folder is in, when it does not exist: no recent searches then.
    let missingHomeOfState: String?
    /// Seconds a cached answer stays fresh (the `cache-ttl` setting); 0 turns the cache off.
    let cacheTimeToLive: TimeInterval
    let cacheMode: CachingDataTransferService.Mode
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
        // The base URL first: whether it is Apple's service decides other settings' defaults.
        baseURL = try SettingsTable.shared.baseURL.resolve(
            options: options, environment: environment, file: settingsFile.contents, defaults: SettingDefaults()
        ).value
        // Apple's service allows about 20 requests a minute; a mirror or a test server, its own.
        let isApple = baseURL.host?.lowercased() == ServiceAddress.apple.host
        settings = try UserSettings(
            options: options, environment: environment, file: settingsFile,
            defaults: SettingDefaults(asksApplesService: isApple))
        timeout = settings.timeout.value
        retries = settings.retries.value
        cacheTimeToLive = TimeInterval(settings.cacheTTL.value)
        // A session's searches are the user's; a one-shot search's, only where it writes to a terminal.
        let isSession = options.interactive || options.pick || options.termWords.isEmpty
        remembersSearches = settings.remember.value.remembers(isSession: isSession, outputIsTerminal: outputIsTerminal)
        verbose = options.verbose
        guard !(options.noCache && options.offline) else {
            throw UsageError("--no-cache and --offline cannot be used together — choose one")
        }
        // With the cache off nothing is kept, so --offline would have nothing to answer from (an
        // answer an earlier run kept would be one the setting says not to use).
        guard !(options.offline && cacheTimeToLive == 0) else {
            if case .file = settings.cacheTTL.source {
                throw UsageError(
                    "--offline answers from the response cache, which the settings file's cache-ttl = 0 turns off — "
                        + "change it, or run without --offline")
            }
            throw UsageError(
                "--offline answers from the response cache, which MVSEARCH_CACHE_TTL=0 turns off — "
                    + "unset MVSEARCH_CACHE_TTL, or run without --offline")
        }
        cacheMode = options.offline ? .offline : options.noCache ? .refresh : .normal
        stateDirectory = Self.xdgDirectory("XDG_STATE_HOME", default: ".local/state", environment)
        cacheDirectory = Self.xdgDirectory("XDG_CACHE_HOME", default: ".cache", environment)
        let home = Self.home(environment).path
        var status = stat()
        let homeIsMissing = stat(home, &status) != 0
        // Each folder on its own: an explicit XDG_CACHE_HOME keeps the cache whatever HOME is.
        missingHomeOfCache = homeIsMissing && cacheDirectory.path.hasPrefix(home + "/") ? home : nil
        missingHomeOfState = homeIsMissing && stateDirectory.path.hasPrefix(home + "/") ? home : nil
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
            rate: settings.rate.value, ledgerDirectory: missingHomeOfCache == nil ? cacheDirectory : nil,
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
