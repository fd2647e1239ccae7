import Domain
import Foundation
import Mocks
import Presentation
import Testing

@Suite("--format m3u: an extended M3U playlist of the previews")
struct M3URendererTests {
    @Test("Given videos, then #EXTM3U, and per preview an #EXTINF line with seconds and 'artist - title', then its URL")
    func playlist() {
        let rows = [
            MusicVideosListItemViewModel(
                video: .stub(
                    id: 1, title: "4Ever", artistName: "Clairo", duration: 222.4,
                    previewURL: URL(string: "https://video-ssl.itunes.apple.com/a/4ever.m4v?x=1&y=2"))),
            MusicVideosListItemViewModel(video: .stub(id: 2, title: "No Preview", previewURL: nil)),
            MusicVideosListItemViewModel(
                video: .stub(
                    id: 3, title: "Untimed", artistName: nil, duration: nil,
                    previewURL: URL(string: "http://127.0.0.1:8080/b.m4v"))),
        ]
        #expect(
            M3URenderer<MusicVideosListItemViewModel>().render(rows) == """
                #EXTM3U
                #EXTINF:222,Clairo - 4Ever
                https://video-ssl.itunes.apple.com/a/4ever.m4v?x=1&y=2
                #EXTINF:-1,Untimed
                http://127.0.0.1:8080/b.m4v

                """)
    }

    @Test(
        "Given a title with CR, LF and control characters, then the entry stays two lines, with none of them; a file URL is left out"
    )
    func sanitisedTitles() throws {
        let entry = PlaylistEntry(
            url: URL(fileURLWithPath: "/x"), title: "x", artist: nil, durationSeconds: 1)
        let text = M3UPlaylist.text([
            PlaylistEntry(
                url: try #require(URL(string: "https://a.example/1.m4v")), title: "Two\r\nlines\u{1B}[31m\u{7}",
                artist: "A\nB", durationSeconds: 5),
            entry,
        ])
        #expect(text == "#EXTM3U\n#EXTINF:5,A B - Two lines[31m\nhttps://a.example/1.m4v\n")
    }

    @Test("Given a chart's ranked rows, then their previews are written in rank order")
    func rankedRows() {
        let rows = (1...2).map { rank in
            RankedRow(
                rank: rank,
                row: MusicVideosListItemViewModel(
                    video: .stub(
                        id: rank, title: "Song \(rank)", artistName: "Band", duration: 60,
                        previewURL: URL(string: "https://a.example/\(rank).m4v"))))
        }
        #expect(
            M3URenderer<RankedRow<MusicVideosListItemViewModel>>().render(rows)
                == "#EXTM3U\n#EXTINF:60,Band - Song 1\nhttps://a.example/1.m4v\n#EXTINF:60,Band - Song 2\nhttps://a.example/2.m4v\n"
        )
    }
}
