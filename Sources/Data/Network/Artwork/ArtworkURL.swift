import Foundation
import Networking

/// The store's artwork URLs end in `{width}x{height}bb.{jpg|png}` (API-FACTS: `…/100x100bb.jpg`);
/// the image server answers any size and either format for the same path.
///
/// Only the store's image hosts are asked, over https: an answer names whatever URL it likes,
/// and a picture must not make the session connect to another host, or to a port on this machine
/// (`http://127.0.0.1:22/…`, `http://10.255.255.1/…`). A URL on this machine is taken as a test
/// server's, and asked of the base URL's own origin (its path under the base URL), never of the
/// host and port it names.
enum ArtworkURL {
    /// Where the artwork is asked for.
    enum Location: Equatable {
        /// A whole URL on the store's image hosts, over https.
        case store(URL)
        /// A path (percent-encoded, no leading `/`) under the base URL.
        case underBaseURL(String)
    }

    /// The store's image hosts: `mzstatic.com` and the hosts under it (`is1-ssl.mzstatic.com`).
    static let storeDomain = "mzstatic.com"

    /// - Parameters:
    ///   - url: The artwork URL a video names.
    ///   - pixelSize: The width and height wanted.
    /// - Returns: The same artwork at `pixelSize` square as PNG, over https from the store's image
    ///   hosts (an `http://` one is asked over https), or under the base URL when the URL is on this
    ///   machine; `nil` for any other host, or a URL that does not end that way.
    static func png(for url: URL, pixelSize: Int) -> Location? {
        guard pixelSize > 0, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host?.lowercased(), components.user == nil, components.password == nil
        else { return nil }
        let path = components.percentEncodedPath
        guard let slash = path.lastIndex(of: "/"), isSizedName(path[path.index(after: slash)...]) else { return nil }
        let sized = String(path[...slash]) + "\(pixelSize)x\(pixelSize)bb.png"
        if SessionLimits.isLoopback(host) {
            return .underBaseURL(String(sized.drop(while: { $0 == "/" })))
        }
        guard isStoreHost(host) else { return nil }
        components.percentEncodedPath = sized
        components.query = nil
        components.fragment = nil
        components.scheme = "https"
        components.port = nil
        return components.url.map(Location.store)
    }

    /// `mzstatic.com` or a name under it; not `evilmzstatic.com`, nor `mzstatic.com.example`.
    private static func isStoreHost(_ host: String) -> Bool {
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        return name == storeDomain || name.hasSuffix("." + storeDomain)
    }

    /// `100x100bb.jpg`, `170x170bb.png`.
    private static func isSizedName(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        guard let suffix = ["bb.jpg", "bb.jpeg", "bb.png"].first(where: lower.hasSuffix) else { return false }
        let size = lower.dropLast(suffix.count).split(separator: "x", omittingEmptySubsequences: false)
        return size.count == 2 && size.allSatisfy { !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCIIDigit) }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
