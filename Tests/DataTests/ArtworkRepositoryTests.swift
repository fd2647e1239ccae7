import Domain
import Foundation
import Mocks
import Networking
import Testing

@testable import Data

/// Artwork from the store's image server: the PNG form of the URL a video names, checked before
/// it is handed on.
@Suite("Artwork repository")
struct ArtworkRepositoryTests {
    private static func url(_ text: String) -> URL {
        URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    private static let artworkURL = url(
        "https://is4-ssl.mzstatic.com/image/thumb/Video114/v4/36/3a/65/x/USATV1900090.sca1.jpg/100x100bb.jpg")

    @Test(
        "The store's sized names become the size asked for, as PNG, over https; other names have no PNG form",
        arguments: [
            (
                "https://is4-ssl.mzstatic.com/image/thumb/Video114/a.jpg/100x100bb.jpg",
                "https://is4-ssl.mzstatic.com/image/thumb/Video114/a.jpg/300x300bb.png"
            ),
            (
                "http://is1.mzstatic.com/image/thumb/x/source/100x100bb.jpg?x=1",
                "https://is1.mzstatic.com/image/thumb/x/source/300x300bb.png"  // never plain http off this machine
            ),
            (
                "http://127.0.0.1:8080/image/thumb/x/100x100bb.jpg",
                "base URL + image/thumb/x/300x300bb.png"  // a test server's: its path, on the base URL
            ),
            (
                "https://is1-ssl.mzstatic.com/image/thumb/x/170x170bb.png",
                "https://is1-ssl.mzstatic.com/image/thumb/x/300x300bb.png"
            ),
            ("http://a1.phobos.apple.com/us/r1000/045/Video/x.133x100-99.jpg", nil),
            ("https://is1-ssl.mzstatic.com/image/thumb/x/bb.jpg", nil),
            ("ftp://is1.mzstatic.com/x/100x100bb.jpg", nil),
        ])
    func pngURL(given: String, expected: String?) {
        #expect(Self.describe(ArtworkURL.png(for: Self.url(given), pixelSize: 300)) == expected)
    }

    private static func describe(_ location: ArtworkURL.Location?) -> String? {
        switch location {
        case .store(let url): url.absoluteString
        case .underBaseURL(let path): "base URL + " + path
        case nil: nil
        }
    }

    @Test(
        "Given an answer naming artwork off the store's image hosts, then no request can reach that host or a port of this machine",
        arguments: [
            ("https://evil.example/image/thumb/x/100x100bb.jpg", nil),
            ("http://10.255.255.1/image/thumb/x/100x100bb.jpg", nil),
            ("https://mzstatic.com.evil.example/x/100x100bb.jpg", nil),
            ("https://evilmzstatic.com/x/100x100bb.jpg", nil),
            ("https://user:secret@is1-ssl.mzstatic.com/x/100x100bb.jpg", nil),
            // The store's host on another port is asked on https's own.
            ("https://is1-ssl.mzstatic.com:8443/x/100x100bb.jpg", "https://is1-ssl.mzstatic.com/x/300x300bb.png"),
            // This machine's port 22 (ssh): the path only, asked of the base URL.
            ("http://127.0.0.1:22/x/100x100bb.jpg", "base URL + x/300x300bb.png"),
            ("https://localhost:631/x/100x100bb.jpg", "base URL + x/300x300bb.png"),
        ] as [(String, String?)])
    func offTheStore(given: String, expected: String?) throws {
        #expect(Self.describe(ArtworkURL.png(for: Self.url(given), pixelSize: 300)) == expected)
        // And the request made of a loopback one goes to the base URL's origin.
        guard let expected, expected.hasPrefix("base URL") else { return }
        let endpoint = try #require(APIEndpoints.artwork(at: Self.url(given), pixelSize: 300))
        let configuration = APINetworkConfiguration(baseURL: Self.url("http://127.0.0.1:40000/"))
        #expect(
            try endpoint.httpRequest(with: configuration).url.absoluteString == "http://127.0.0.1:40000/x/300x300bb.png"
        )
    }

    @Test("The request goes to the PNG URL itself, not under the API root, and the PNG's size is read")
    func request() async throws {
        let png = PNGChecksTests.png(size: 300, PNGChecksTests.chunk("IDAT", PNGChecksTests.black300))
        let service = MockDataTransferService { _ throws(DataTransferError) in png }
        let artwork = try await DefaultArtworkRepository(dataTransferService: service).artwork(
            at: Self.artworkURL, pixelSize: 300)
        #expect(artwork == Artwork(png: png, pixelWidth: 300, pixelHeight: 300))
        let endpoint = try #require(service.endpoints.first)
        #expect(endpoint.isFullPath)
        let configuration = APINetworkConfiguration(baseURL: Self.url("https://itunes.apple.com/"))
        let request = try endpoint.httpRequest(with: configuration)
        #expect(
            request.url.absoluteString
                == "https://is4-ssl.mzstatic.com/image/thumb/Video114/v4/36/3a/65/x/USATV1900090.sca1.jpg/300x300bb.png"
        )
        #expect(request.headers["Accept"] == "image/png")
    }

    @Test("An answer that is no PNG picture is refused: nothing of it reaches a terminal")
    func notPNG() async {
        let service = MockDataTransferService { _ throws(DataTransferError) in Data("<html>oops</html>".utf8) }
        await #expect(throws: CatalogError.unreadableResponse(reason: "the artwork is not a PNG picture")) {
            try await DefaultArtworkRepository(dataTransferService: service).artwork(
                at: Self.artworkURL, pixelSize: 300)
        }
    }

    @Test("A PNG cut short, or larger than a terminal is asked to draw, is refused")
    func cutOrHuge() async {
        let whole = Artwork.stub(size: 300).png
        let cut = whole.prefix(30)
        let huge = Artwork.stub(size: 3000).png
        for (body, reason) in [
            (cut, "the artwork's PNG file is cut short"),
            (huge, "the artwork is 3000×3000 pixels, over 1200 a side"),
        ] {
            let service = MockDataTransferService { _ throws(DataTransferError) in body }
            await #expect(throws: CatalogError.unreadableResponse(reason: reason)) {
                try await DefaultArtworkRepository(dataTransferService: service).artwork(
                    at: Self.artworkURL, pixelSize: 300)
            }
        }
    }

    @Test("A URL with no PNG form asks nothing and gives no picture; the use case asks nothing for a non-web URL")
    func nothingToAsk() async throws {
        let service = MockDataTransferService()
        let repository = DefaultArtworkRepository(dataTransferService: service)
        #expect(try await repository.artwork(at: Self.url("https://a.example/x.133x100-99.jpg"), pixelSize: 300) == nil)
        #expect(
            try await DefaultFetchArtworkUseCase(repository: repository).execute(
                url: URL(fileURLWithPath: "/etc/passwd"), pixelSize: 300) == nil)
        #expect(service.endpoints.isEmpty)
    }

    @Test("A body over the limit is refused by the decoder, whatever the engine let through")
    func sizeLimit() {
        let decoder = RawDataResponseDecoder(maximumBytes: 8)
        #expect(throws: DecodingError.self) { try decoder.decode(Data(count: 9), as: Data.self) }
        #expect((try? decoder.decode(Data(count: 8), as: Data.self))?.count == 8)
    }
}
