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

/// The desktop's opener — `open` on macOS, `xdg-open` elsewhere — started as a `DetachedProcess`
/// (directly, never through a shell, nothing of ours inherited), and only for http(s) URLs of at
/// most `maximumURLBytes` (a longer one is no page a browser opens, and the system refuses an
/// argument over 128 KiB).
struct SystemBrowser: URLOpening {
    static let maximumURLBytes = 32 * 1024

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
        guard url.absoluteString.utf8.count <= Self.maximumURLBytes,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let opener = Self.opener(in: environment["PATH"] ?? "/usr/bin:/bin")
        else { return false }
        return DetachedProcess.start(opener, arguments: [url.absoluteString])
    }

    private static func opener(in path: String) -> String? {
        #if os(macOS)
            let name = "open"
        #else
            let name = "xdg-open"
        #endif
        return DetachedProcess.executable(named: name, inSearchPath: path)
    }
}
