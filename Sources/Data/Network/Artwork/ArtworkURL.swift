import Foundation
import Networking

/// The store's artwork URLs end in `{width}x{height}bb.{jpg|png}` (API-FACTS: `…/100x100bb.jpg`);
/// the image server answers any size and either format for the same path.
enum ArtworkURL {
    /// - Parameters:
    ///   - url: The artwork URL a video names.
    ///   - pixelSize: The width and height wanted.
    /// - Returns: The same artwork at `pixelSize` square as PNG, over https unless it is on this
    ///   machine (an answer's `http://` URL is not followed in plain text off it, as `--base-url`
    ///   and redirects are not), or `nil` when the URL does not end that way.
    static func png(for url: URL, pixelSize: Int) -> URL? {
        guard pixelSize > 0, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return nil }
        let path = components.percentEncodedPath
        guard let slash = path.lastIndex(of: "/"), isSizedName(path[path.index(after: slash)...]) else { return nil }
        components.percentEncodedPath = path[...slash] + "\(pixelSize)x\(pixelSize)bb.png"
        components.query = nil
        components.fragment = nil
        if scheme == "http", !SessionLimits.isLoopback(components.host ?? "") { components.scheme = "https" }
        return components.url
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
