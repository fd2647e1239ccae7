import Domain
import Foundation
import Mocks
import Presentation
import Testing

@Suite("Ordering music videos")
struct MusicVideoOrderTests {
    private func date(_ year: Int, _ month: Int = 1) -> Date {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, 1)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// The ids of the videos in the order given.
    private func ids(_ order: MusicVideoOrder, _ videos: [MusicVideo]) -> [Int] {
        order.sorted(videos).map(\.id)
    }

    @Test("Given videos from several years, when sorted by year, then the newest comes first, the dateless last")
    func yearNewestFirst() {
        let videos: [MusicVideo] = [
            .stub(id: 1, releaseDate: date(2011)), .stub(id: 2, releaseDate: nil),
            .stub(id: 3, releaseDate: date(2019)),
            .stub(id: 4, releaseDate: date(2019, 6)), .stub(id: 5, releaseDate: date(2004)),
        ]
        #expect(ids(MusicVideoOrder(.year), videos) == [4, 3, 1, 5, 2])
        #expect(ids(MusicVideoOrder(.year, reversed: true), videos) == [5, 1, 3, 4, 2])
    }

    @Test("Given ties, when sorted either way, then tied videos keep the service's order (a stable sort)")
    func stableTies() {
        let videos = (1...8).map { MusicVideo.stub(id: $0, duration: $0.isMultiple(of: 2) ? 200 : 100) }
        #expect(ids(MusicVideoOrder(.duration), videos) == [1, 3, 5, 7, 2, 4, 6, 8])
        #expect(ids(MusicVideoOrder(.duration, reversed: true), videos) == [2, 4, 6, 8, 1, 3, 5, 7])
    }

    @Test("Given titles in mixed case and with accents, when sorted by title, then A to Z as a reader expects")
    func titleIgnoresCaseAndAccents() {
        let titles = ["zoë", "Émilie", "apple", "Beyoncé", "beyonce", "Straße", "Strasse b", "Ærø", "Banana"]
        let videos = titles.enumerated().map { MusicVideo.stub(id: $0.offset, title: $0.element) }
        let sorted = MusicVideoOrder(.title).sorted(videos).map(\.title)
        #expect(sorted == ["Ærø", "apple", "Banana", "Beyoncé", "beyonce", "Émilie", "Straße", "Strasse b", "zoë"])
        #expect(MusicVideoOrder(.title, reversed: true).sorted(videos).map(\.title).first == "zoë")
    }

    @Test("Given a decomposed accent (e + U+0301), when sorted by title, then it sorts as its letter")
    func decomposedAccent() {
        let videos: [MusicVideo] = [
            .stub(id: 1, title: "f"), .stub(id: 2, title: "e\u{301}a"), .stub(id: 3, title: "d"),
        ]
        #expect(ids(MusicVideoOrder(.title), videos) == [3, 2, 1])
    }

    @Test("Given videos without an artist or a price, when sorted by them, then those come last both ways")
    func missingValuesLast() {
        let videos: [MusicVideo] = [
            .stub(id: 1, artistName: nil, price: Decimal(string: "1.99")),
            .stub(id: 2, artistName: "Wallows", price: nil),
            .stub(id: 3, artistName: "clairo", price: Decimal(string: "0.99")),
            .stub(id: 4, artistName: "Beabadoobee", price: Decimal(string: "2.49")),
        ]
        #expect(ids(MusicVideoOrder(.artist), videos) == [4, 3, 2, 1])
        #expect(ids(MusicVideoOrder(.artist, reversed: true), videos) == [2, 3, 4, 1])
        #expect(ids(MusicVideoOrder(.price), videos) == [3, 1, 4, 2])
        #expect(ids(MusicVideoOrder(.price, reversed: true), videos) == [4, 1, 3, 2])
    }

    @Test("Given rows that show videos, when sorted by their videos, then the rows follow them")
    func sortsAnythingShowingAVideo() {
        let rows = [
            (rank: 1, video: MusicVideo.stub(id: 10, duration: 300)), (rank: 2, video: .stub(id: 20, duration: 60)),
        ]
        #expect(MusicVideoOrder(.duration).sorted(rows) { $0.video }.map(\.rank) == [2, 1])
    }
}
