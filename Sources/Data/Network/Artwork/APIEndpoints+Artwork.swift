import Foundation
import Networking

extension APIEndpoints {
    /// The largest artwork answer read: a few hundred pixels square is far less.
    public static let maximumArtworkBytes = 2 * 1024 * 1024

    /// `GET https://isN-ssl.mzstatic.com/image/thumb/…/{size}x{size}bb.png`: a video's artwork as
    /// PNG at the size asked for — the store's image server makes any size of the URLs the
    /// catalogue names (`…/100x100bb.jpg`), in the format the name ends with.
    /// - Parameters:
    ///   - artworkURL: The URL a video names.
    ///   - pixelSize: Its width and height, in pixels.
    /// - Returns: The endpoint, decoding to the body's bytes; `nil` when the URL is not of that
    ///   form (the older `…/133x100-99.jpg` come only as they are, in JPEG) or not on the store's
    ///   image hosts (`ArtworkURL`); one on this machine is asked of the base URL instead.
    public static func artwork(at artworkURL: URL, pixelSize: Int) -> Endpoint<Data>? {
        let decoder = RawDataResponseDecoder(maximumBytes: maximumArtworkBytes)
        switch ArtworkURL.png(for: artworkURL, pixelSize: pixelSize) {
        case .store(let url):
            return Endpoint(
                path: url.absoluteString, isFullPath: true, headers: ["Accept": "image/png"], responseDecoder: decoder)
        case .underBaseURL(let path):
            return Endpoint(path: path, headers: ["Accept": "image/png"], responseDecoder: decoder)
        case nil:
            return nil
        }
    }
}
