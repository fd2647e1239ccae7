import Domain
import Foundation
import Mocks
import Testing

@Suite("Fetching artwork through the repository seam")
struct FetchArtworkUseCaseTests {
    private static let url = URL(string: "https://is1-ssl.mzstatic.com/image/thumb/a/100x100bb.jpg")

    @Test(
        "Given sizes outside 60…600, when artwork is fetched, then the repository is asked for the nearest size the store makes"
    )
    func clampsTheSize() async throws {
        let url = try #require(Self.url)
        let repository = MockArtworkRepository { _, _ throws(CatalogError) in .stub(marker: 1) }
        let useCase = DefaultFetchArtworkUseCase(repository: repository)
        for size in [10, 300, 4000] { _ = try await useCase.execute(url: url, pixelSize: size) }
        #expect(repository.requests.map(\.pixelSize) == [60, 300, 600])
        #expect(repository.requests.allSatisfy { $0.url == url })
    }

    @Test(
        "Given a URL that is not http(s) or has no host, when artwork is fetched, then nothing is asked and there is none"
    )
    func refusesOtherURLs() async throws {
        let repository = MockArtworkRepository()  // any request fails the test
        let useCase = DefaultFetchArtworkUseCase(repository: repository)
        for text in ["file:///etc/passwd", "ftp://example.com/a.png", "https:///a.png"] {
            let url = try #require(URL(string: text))
            #expect(try await useCase.execute(url: url, pixelSize: 100) == nil)
        }
        #expect(repository.requests.isEmpty)
    }

    @Test("Given the repository fails, when artwork is fetched, then its error comes through unchanged")
    func passesTheErrorOn() async throws {
        let url = try #require(Self.url)
        let repository = MockArtworkRepository { _, _ throws(CatalogError) in throw .offline }
        await #expect(throws: CatalogError.offline) {
            _ = try await DefaultFetchArtworkUseCase(repository: repository).execute(url: url, pixelSize: 100)
        }
    }
}
