import Foundation

/// The desktop's opener — `open` on macOS, `xdg-open` elsewhere — started as a `DetachedProcess`
/// (directly, never through a shell, nothing of ours inherited), and only for http(s) URLs of at
/// most `maximumURLBytes` (a longer one is no page a browser opens, and the system refuses an
/// argument over 128 KiB).
public struct DesktopOpener: Sendable {
    /// The longest address passed on.
    public static let maximumURLBytes = 32 * 1024

    /// Where the opener is looked for (`PATH`).
    public let searchPath: String

    /// - Parameter searchPath: Folders separated by `:`.
    public init(searchPath: String) {
        self.searchPath = searchPath
    }

    /// Opens `url` in the user's browser.
    /// - Returns: `false` when the address is refused or no opener could be started.
    public func open(_ url: URL) -> Bool {
        guard url.absoluteString.utf8.count <= Self.maximumURLBytes,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let opener = DetachedProcess.executable(named: Self.openerName, inSearchPath: searchPath)
        else { return false }
        return DetachedProcess.start(opener, arguments: [url.absoluteString])
    }

    #if os(macOS)
        private static let openerName = "open"
    #else
        private static let openerName = "xdg-open"
    #endif
}
