import Domain
import Foundation
import Presentation
import Testing

/// Messages built from what the service said: its numbers and its text are not trusted.
@Suite("Error messages from the service's own values")
struct CatalogErrorMessageTests {
    private func text(_ error: CatalogError) -> String {
        CatalogErrorMessage.message(for: error).text(phrasing: PlainHintPhrasing())
    }

    @Test(
        "A Retry-After of zero, or of no number, never says 'wait 0 seconds'",
        arguments: [0, -3, Double.nan, -Double.infinity] as [TimeInterval])
    func neverWaitZero(retryAfter: TimeInterval) {
        let text = text(.rateLimited(retryAfter: retryAfter))
        #expect(!text.contains("wait 0"), "\(text)")
        #expect(!text.contains("wait -"), "\(text)")
        #expect(text.hasSuffix("wait a minute and try again"))
        #expect(PlainHintPhrasing().advice(for: .waitAndTryAgain(seconds: 0)) == "wait a minute and try again")
    }

    @Test("A 404 names the address, not the service's health; other 4xx say refused; 5xx say unavailable")
    func clientStatuses() {
        #expect(
            text(.serviceUnavailable(statusCode: 404))
                == "the iTunes service's address answered not found (HTTP 404) — check the service's address")
        for status in [401, 418] {
            #expect(
                text(.serviceUnavailable(statusCode: status))
                    == "the iTunes service's address refused the request (HTTP \(status)) — check the service's address"
            )
        }
        #expect(
            text(.serviceUnavailable(statusCode: 503))
                == "the iTunes service is unavailable (HTTP 503) — try again later")
    }

    @Test("A server that does not speak TLS at an https address is named in plain words")
    func notTLS() {
        let text = text(.insecureConnection(.notTLS))
        #expect(text.contains("did not answer with TLS (is its address http://?)"), "\(text)")
        #expect(!text.contains("SSL routines"))
    }

    @Test("A spent request budget says the request was not sent, the budget's rate, and when to try again")
    func requestBudgetSpent() {
        let text = text(.requestBudgetSpent(retryAfter: 57.2, rate: "1 a minute"))
        #expect(
            text == "the request was not sent: the request budget shared by your mvsearch runs (1 a minute) is spent"
                + " — wait 58 seconds and try again")
        #expect(!text.contains("refused"))
    }

    @Test("A fraction of a second rounds up to one second; a week is cut to a day")
    func roundedWaits() {
        #expect(text(.rateLimited(retryAfter: 0.2)).hasSuffix("wait 1 second and try again"))
        #expect(text(.rateLimited(retryAfter: 604_800)).hasSuffix("wait 86400 seconds and try again"))
    }

    @Test("A 2 MB errorMessage with line breaks and escapes is one sanitised line of at most 200 characters")
    func longServiceMessage() {
        let message = String(repeating: "bad\nline\u{1B}[31m\r\t ", count: 100_000)
        let text = text(.rejectedQuery(message: message))
        #expect(!text.contains("\n") && !text.contains("\r") && !text.contains("\u{1B}"))
        let prefix = "the iTunes service rejected the query: "
        #expect(text.hasPrefix(prefix))
        let shown = text.dropFirst(prefix.count).prefix { $0 != "—" }.trimmingCharacters(in: .whitespaces)
        #expect(shown.count <= 200, "\(shown.count) characters")
        #expect(shown.hasPrefix("bad line[31m bad line[31m bad"))
        #expect(shown.hasSuffix("…"))
        #expect(text.hasSuffix("check the search options"))
        #expect(
            self.text(.rejectedQuery(message: "Invalid value(s) for key(s): [country]"))
                == "the iTunes service rejected the query: Invalid value(s) for key(s): [country] — check the search options"
        )
    }

    @Test(
        "The transport's own refusals each say what happened and what to do, naming the library or the proxy variable")
    func refusals() {
        let library = { (kind: RequiredLibraryProblem.Kind) in
            CatalogError.requiredLibraryUnavailable(
                RequiredLibraryProblem(library: "libcurl.so.4", package: "libcurl4", kind: kind))
        }
        #expect(
            text(library(.notInstalled)) == "libcurl.so.4 is not installed — install it (e.g. apt-get install libcurl4)"
        )
        #expect(
            text(library(.tooOld(found: "7.58.0", needed: "7.68.0")))
                == "libcurl.so.4 is version 7.58.0, older than the 7.68.0 needed — install a newer one (e.g. apt-get install libcurl4)"
        )
        #expect(
            text(.proxyNeedsCredentials(variable: "HTTPS_PROXY"))
                == "the proxy (HTTPS_PROXY) asks for credentials (HTTP 407) — put the proxy's user name and password in HTTPS_PROXY (http://user:password@host:port)"
        )
        #expect(
            text(.proxyRefused(statusCode: 502, variable: "ALL_PROXY"))
                == "the proxy (ALL_PROXY) refused the tunnel to the iTunes service (HTTP 502) — check the proxy that ALL_PROXY names, or unset it"
        )
        #expect(!text(.proxyNeedsCredentials(variable: "x\u{1B}[2J")).contains("\u{1B}"))
    }
}
