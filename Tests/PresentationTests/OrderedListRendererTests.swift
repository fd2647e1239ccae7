import Domain
import Foundation
import Mocks
import Presentation
import Testing

@Suite("Writing rows in an order asked for")
struct OrderedListRendererTests {
    private let videos: [MusicVideo] = [
        .stub(id: 1, title: "Sofia", duration: 190), .stub(id: 2, title: "Bags", duration: 260),
        .stub(id: 3, title: "Pretty Girl", duration: 175),
    ]

    @Test("Given video rows, when written as plain lines by duration, then the shortest comes first")
    func plainInOrder() {
        let renderer = OrderedListRenderer(
            PlainRenderer<MusicVideosListItemViewModel>(), order: MusicVideoOrder(.duration))
        let ids = renderer.render(MusicVideosListItemViewModel.items(for: videos)).split(separator: "\n").map {
            $0.prefix { $0 != "\t" }
        }
        #expect(ids == ["3", "1", "2"])
    }

    @Test("Given video rows, when written as JSON by title reversed, then the objects are in that order")
    func jsonInOrder() {
        let renderer = OrderedListRenderer(
            JSONRenderer<MusicVideosListItemViewModel>(keys: ["title"], layout: .lines),
            order: MusicVideoOrder(.title, reversed: true))
        #expect(
            renderer.render(MusicVideosListItemViewModel.items(for: videos))
                == "{\"title\":\"Sofia\"}\n{\"title\":\"Pretty Girl\"}\n{\"title\":\"Bags\"}\n")
    }

    @Test("Given a chart, when sorted by duration, then each entry keeps its rank")
    func chartKeepsRanks() {
        let rows = TopMusicVideosItemViewModel.ranked(MusicVideosListItemViewModel.items(for: videos))
        let renderer = OrderedListRenderer(
            PlainRenderer<TopMusicVideosItemViewModel>(), order: MusicVideoOrder(.duration))
        let ranks = renderer.render(rows).split(separator: "\n").map { $0.prefix { $0 != "\t" } }
        #expect(ranks == ["3", "1", "2"])
    }

    @Test("Given rows that show no video (artists), then they are written as they came")
    func otherRowsUntouched() {
        let rows = [MusicArtist.stub(id: 2, name: "Zed"), .stub(id: 1, name: "Abba")].map(
            MusicArtistsListItemViewModel.init(artist:))
        let plain = PlainRenderer<MusicArtistsListItemViewModel>()
        #expect(OrderedListRenderer(plain, order: MusicVideoOrder(.artist)).render(rows) == plain.render(rows))
    }
}
