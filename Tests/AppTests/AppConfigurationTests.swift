import Domain
import Foundation
import Testing

@testable import App

@Suite("Run configuration")
struct AppConfigurationTests {
    private func configuration(_ options: SearchOptions = SearchOptions(), environment: [String: String] = [:])
        throws(UsageError) -> AppConfiguration
    {
        try AppConfiguration(options: options, environment: environment)
    }

    /// The configuration of a search for `x` with these options, read by the parser.
    private func configuration(_ arguments: [String], environment: [String: String] = [:]) throws -> AppConfiguration {
        guard case .search(let options) = try CommandLineParser.parse(arguments + ["x"]) else {
            throw UsageError("not a search")
        }
        return try AppConfiguration(options: options, environment: environment)
    }

    @Test("Defaults: the iTunes root, 15 seconds, US")
    func defaults() throws {
        let configuration = try configuration()
        #expect(configuration.baseURL.absoluteString == "https://itunes.apple.com/")
        #expect(configuration.timeout == 15)
        #expect(configuration.country == "US")
    }

    @Test("MVSEARCH_CACHE_TTL takes spaces around its number, as --limit does; anything else is refused")
    func cacheTimeToLive() throws {
        #expect(try configuration(environment: ["MVSEARCH_CACHE_TTL": " 5"]).cacheTimeToLive == 5)
        #expect(throws: UsageError.self) { try configuration(environment: ["MVSEARCH_CACHE_TTL": "5s"]) }
    }

    @Test(
        "Given MVSEARCH_CACHE_TTL=0 (the cache off), when --offline asks to answer from the cache, then a usage error naming both"
    )
    func offlineWithoutCache() throws {
        var offline = SearchOptions()
        offline.offline = true
        #expect(
            throws: UsageError(
                "--offline answers from the response cache, which MVSEARCH_CACHE_TTL=0 turns off — "
                    + "unset MVSEARCH_CACHE_TTL, or run without --offline")
        ) { try configuration(offline, environment: ["MVSEARCH_CACHE_TTL": " 0"]) }
        #expect(try configuration(offline, environment: ["MVSEARCH_CACHE_TTL": "1"]).usesCache)
        #expect(try !configuration(environment: ["MVSEARCH_CACHE_TTL": "0"]).usesCache)
    }

    @Test(
        "Plain http is allowed to loopback hosts, and a trailing slash is added",
        arguments: [
            "http://127.0.0.1:8080", "http://localhost:1/api/", "http://[::1]:9/", "https://example.com/root",
            "http://[0:0:0:0:0:0:0:1]/", "http://[0000::0001]:80/", "http://[::ffff:127.0.0.1]:8/",
        ])
    func acceptsURL(text: String) throws {
        #expect(try configuration(["--base-url", text]).baseURL.absoluteString.hasSuffix("/"))
    }

    @Test(
        "Bad base URLs are usage errors",
        arguments: [
            ("ftp://127.0.0.1/", "not an http(s) URL"), ("not a url", "not a URL"),
            ("http://example.com/", "non-loopback"),
            ("http://127.0.0.1.evil.com/", "non-loopback"), ("https://x.test/?a=1", "query"),
            ("http://[::2]/", "non-loopback"), ("http://[::ffff:10.0.0.1]/", "non-loopback"),
            ("http://[1::1]/", "non-loopback"),
        ])
    func rejectsURL(text: String, mentions: String) {
        #expect { try configuration(["--base-url", text]) } throws: {
            ($0 as? UsageError)?.message.contains(mentions) == true
        }
    }

    @Test(
        "Given a base URL refused for its own reason, then the message names that reason",
        arguments: [
            ("http://127.0.0.1:99999/", "has port 99999, outside 1–65535"), ("http://127.0.0.1:0/", "has port 0"),
            ("file:///tmp/answers/", "is not an http(s) URL"), ("FILE:///x", "is not an http(s) URL"),
        ])
    func refusesURLWithItsReason(text: String, mentions: String) {
        #expect { try configuration(["--base-url", text]) } throws: {
            ($0 as? UsageError)?.message.contains(mentions) == true
        }
    }

    @Test("Given a refused base URL with a user and password, then the message shows neither")
    func refusalHidesCredentials() {
        #expect { try configuration(["--base-url", "http://user:s3cr3t@example.com:99999/"]) } throws: { error in
            guard let message = (error as? UsageError)?.message else { return false }
            return message.contains("'http://***@example.com:99999/'") && !message.contains("s3cr3t")
                && !message.contains("user")
        }
        #expect(AppConfiguration.withoutPassword("https://a@b@h/x@y") == "https://***@h/x@y")
        #expect(AppConfiguration.withoutPassword("https://h/x@y") == "https://h/x@y")
    }

    @Test("Given a timeout that reads as 0 (1e-400), then the message names the text given, not 0, and what to give")
    func tinyTimeout() {
        #expect { try configuration(["--timeout", "1e-400"]) } throws: {
            ($0 as? UsageError)?.message
                == "option --timeout must be between 0.1 and 600 seconds, not '1e-400' — give one such as 15"
        }
    }

    @Test("MVSEARCH_BASE_URL is used when no option is given, and named when wrong")
    func environmentBaseURL() throws {
        #expect(try configuration(environment: ["MVSEARCH_BASE_URL": "http://127.0.0.1:5"]).baseURL.port == 5)
        #expect { try configuration(environment: ["MVSEARCH_BASE_URL": "gopher://x"]) } throws: {
            ($0 as? UsageError)?.message.hasPrefix("MVSEARCH_BASE_URL") == true
        }
    }

    @Test("MVSEARCH_COUNTRY is used when valid and named when not")
    func environmentCountry() throws {
        #expect(try configuration(environment: ["MVSEARCH_COUNTRY": "jp"]).country == "JP")
        #expect { try configuration(environment: ["MVSEARCH_COUNTRY": "japan"]) } throws: {
            ($0 as? UsageError)?.message.hasPrefix("MVSEARCH_COUNTRY") == true
        }
    }

    @Test(
        "A timeout must be positive and sane; the message names the value given and says what to give",
        arguments: [("0", "'0'"), ("-1", "'-1'"), ("601", "'601'")])
    func rejectsTimeout(seconds: String, given: String) {
        let message = "option --timeout must be between 0.1 and 600 seconds, not \(given) — give one such as 15"
        #expect(throws: UsageError(message)) {
            try configuration(["--timeout", seconds])
        }
    }
}

@Suite("Exit statuses")
struct ExitStatusTests {
    @Test(
        "Each domain error ends with its DESIGN §6 status",
        arguments: [
            (CatalogErrorCase.invalid, Int32(64)), (.rejected, 64), (.unreadable, 65), (.offline, 69),
            (.unreachable, 69),
            (.connectionLost, 69),
            (.unavailable, 69), (.timedOut, 75), (.rateLimited, 75), (.budgetSpent, 75), (.cancelled, 130),
            (.proxyCredentials, 69),
            (.proxyRefused, 69), (.libraryMissing, 69),
        ])
    func statuses(error: CatalogErrorCase, status: Int32) {
        #expect(App.ExitStatus(error.value).rawValue == status)
    }
}

enum CatalogErrorCase: CaseIterable, Sendable {
    case invalid, rejected, unreadable, offline, unreachable, connectionLost, unavailable, timedOut, rateLimited
    case budgetSpent
    case cancelled, proxyCredentials, proxyRefused, libraryMissing

    var value: CatalogError {
        switch self {
        case .invalid: .invalidQuery(.emptyTerm)
        case .rejected: .rejectedQuery(message: nil)
        case .unreadable: .unreadableResponse(reason: "x")
        case .offline: .offline
        case .unreachable: .serviceUnreachable
        case .connectionLost: .connectionLost
        case .unavailable: .serviceUnavailable(statusCode: 500)
        case .timedOut: .timedOut
        case .rateLimited: .rateLimited(retryAfter: nil)
        case .budgetSpent: .requestBudgetSpent(retryAfter: 20, rate: "20 a minute")
        case .cancelled: .cancelled
        case .proxyCredentials: .proxyNeedsCredentials(variable: "https_proxy")
        case .proxyRefused: .proxyRefused(statusCode: 502, variable: nil)
        case .libraryMissing:
            .requiredLibraryUnavailable(
                RequiredLibraryProblem(library: "libcurl.so.4", package: "libcurl4", kind: .notInstalled))
        }
    }
}
