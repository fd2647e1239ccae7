import Domain
import Foundation
import Mocks
import Presentation
import Testing

@testable import App

/// A list command in the full-screen session (`-i --artists x`), as key scripts over mock
/// repositories: the list over the search screen, Enter opening a row, Esc back to it.
@MainActor
@Suite("A list command in the full-screen session")
struct FullScreenListSessionTests {
    typealias Harness = FullScreenSessionTests.Harness

    nonisolated static let artists: [MusicArtist] = [
        .stub(id: 11, name: "Clairo", genre: "Alternative"),
        .stub(id: 22, name: "Clairo & Friends", genre: "Pop"),
        .stub(id: 33, name: "Clairvoyant", genre: nil),
    ]

    /// Each artist's videos: two, titled after the artist's id.
    nonisolated static func videos() -> MockMusicVideosRepository {
        MockMusicVideosRepository(artist: { query throws(CatalogError) in
            [1, 2].map { MusicVideo.stub(id: query.artistID * 10 + $0, title: "Song \($0) of \(query.artistID)") }
        })
    }

    @Test("-i --artists x shows the artists; Enter on the 2nd opens its videos; Esc keeps the row; q exits 0")
    func walk() async throws {
        let artists = MockMusicArtistsRepository.returning(Self.artists)
        let videos = Self.videos()
        let session = try Harness(repository: videos, arguments: ["-i", "--artists", "clairo"], artists: artists)
        await session.coordinator.waitUntilIdle()
        #expect(artists.searchedQueries.map(\.term) == ["clairo"])
        #expect(videos.searchedQueries.isEmpty)
        #expect(session.lines[0] == "Artists for \"clairo\"  1–3")
        #expect(session.lines[1].hasPrefix("  #  Artist"))
        #expect(session.selectedLine?.hasPrefix("› 1  Clairo ") == true)
        #expect(session.screen.contains("  3  Clairvoyant"))
        #expect(session.statusLine.hasPrefix("Enter artist's videos · ↑/↓ move · / filter"))

        await session.type(.down, .enter)
        #expect(videos.artistQueries.map(\.artistID) == [22])
        #expect(session.lines[0].hasPrefix("Music videos by Clairo & Friends"))
        #expect(session.selectedLine?.hasPrefix("› 1  Song 1 of 22") == true)

        await session.type(.escape)
        #expect(session.lines[0] == "Artists for \"clairo\"  1–3")
        #expect(session.selectedLine?.hasPrefix("› 2  Clairo & Friends") == true)
        #expect(artists.searchedQueries.count == 1)  // coming back asks nothing again

        await session.type(.character("3"), .enter)
        #expect(videos.artistQueries.map(\.artistID) == [22, 33])
        await session.type(.character("b"))
        #expect(session.selectedLine?.hasPrefix("› 3  Clairvoyant") == true)
        #expect(await session.type(.character("q")) == .exit(.success))
    }

    @Test("On the list, a key that changes nothing asks for no redraw; one that moves the selection does")
    func redraws() async throws {
        let session = try Harness(
            repository: Self.videos(), arguments: ["-i", "--artists", "clairo"], artists: .returning(Self.artists))
        await session.coordinator.waitUntilIdle()
        _ = session.screen  // drawn once, as the session does
        let before = session.redraws
        await session.type(.up, .home, .character("g"))  // already on the first row
        #expect(session.redraws == before)
        await session.type(.down)
        #expect(session.redraws == before + 1)
        await session.type(.end, .end, .down)  // the last row, then nothing more
        #expect(session.redraws == before + 2)
    }

    @Test("Esc from the list goes back to the search screen with the term; End, Home and a wrong number")
    func keys() async throws {
        let session = try Harness(
            repository: Self.videos(), arguments: ["-i", "--artists", "clairo"],
            artists: .returning(Self.artists))
        await session.coordinator.waitUntilIdle()
        await session.type(.end)
        #expect(session.selectedLine?.hasPrefix("› 3") == true)
        await session.type(.home)
        #expect(session.selectedLine?.hasPrefix("› 1") == true)
        await session.type(.character("9"), .enter)
        #expect(session.messageLine == "there is no row 9 — the rows shown are 1–3")
        await session.type(.character("?"))
        #expect(session.screen.contains("the selected row's artist's videos"))
        await session.type(.character("x"))  // closes the help
        await session.type(.escape)
        #expect(session.lines[2] == "› clairo")
    }

    @Test("Nothing found and a failure say so in the body and the status line; Ctrl-C on the first search goes back")
    func emptyFailedCancelled() async throws {
        let empty = try Harness(
            repository: Self.videos(), arguments: ["-i", "--artists", "zz"], artists: .returning([]))
        await empty.coordinator.waitUntilIdle()
        #expect(empty.lines[2] == "  Nothing found")
        #expect(empty.messageLine.contains("no artists found for \"zz\""))

        let refusing = MockMusicArtistsRepository(search: { _ throws(CatalogError) in
            throw .rateLimited(retryAfter: nil)
        })
        let failing = try Harness(repository: Self.videos(), arguments: ["-i", "--artists", "zz"], artists: refusing)
        await failing.coordinator.waitUntilIdle()
        #expect(failing.lines[2] == "  Could not load the list")
        // The rate limit's message is too long for the status line: wrapped above it, keys below.
        #expect(
            Array(failing.lines.suffix(3)) == [
                "the iTunes service limits clients to about 20 requests a minute and refused this",
                "one — wait a minute and try again",
                "r retry · t top chart · s search · Esc back · ? help · q quit",
            ])

        let gate = AsyncStream<Void>.makeStream()
        let waiting = MockMusicArtistsRepository(search: { _ throws(CatalogError) in
            for await _ in gate.stream {}
            throw .cancelled
        })
        let slow = try Harness(repository: Self.videos(), arguments: ["-i", "--artists", "zz"], artists: waiting)
        #expect(slow.coordinator.isLoading)  // from the first frame
        #expect(slow.lines[2] == "  Searching…")
        await eventually { !waiting.searchedQueries.isEmpty }
        // Cancelled before any row came: back on the search screen with the term, as a first
        // search for music videos does.
        #expect(await slow.type(.control("c")) == .none)
        #expect(slow.lines[0] == "Search artists")
        #expect(slow.lines[2] == "› zz")
        #expect(slow.statusLine.hasPrefix("cancelled"))
        #expect(!slow.coordinator.isLoading)
        gate.continuation.finish()
    }
}
