import Foundation
import Networking
import Platform
import TerminalUI

/// Opens web pages for the user.
protocol URLOpening: Sendable {
    /// - Parameter url: An http(s) URL.
    /// - Returns: `false` when no browser could be started.
    func open(_ url: URL) -> Bool
}

/// The desktop's opener (`DesktopOpener`), with what the sessions say when it fails.
struct SystemBrowser: URLOpening {
    static let maximumURLBytes = DesktopOpener.maximumURLBytes

    let environment: [String: String]

    /// What to say when a page could not be opened: its address is too long, or no browser started.
    static func failure(opening url: URL) -> String {
        let bytes = url.absoluteString.utf8.count
        guard bytes <= maximumURLBytes else {
            return
                "the page's address is \(bytes) bytes long, too long to pass to a browser (at most \(maximumURLBytes))"
                + " — open the video from the store's web site instead"
        }
        return
            "cannot start a browser — the page is \(TerminalSanitizer.excerpt(url.absoluteString, maximumCharacters: 200))"
    }

    func open(_ url: URL) -> Bool {
        DesktopOpener(searchPath: environment["PATH"] ?? "/usr/bin:/bin").open(url)
    }
}
