import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@Suite("List renderers")
struct RendererTests {
    private let items = [
        MusicVideosListItemViewModel(
            video: .stub(id: 1, title: "Banana Pancakes", artistName: "Jack Johnson", duration: 192)),
        MusicVideosListItemViewModel(
            video: .stub(
                id: 22, title: "한글 제목 🎸", artistName: "アーティスト", releaseDate: Date(timeIntervalSince1970: 1_549_008_000),
                duration: 3723, explicitness: .explicit, price: nil)),
    ]

    @Test("Rows made for a page format like rows made one by one")
    func itemsForPage() {
        let videos: [MusicVideo] = [
            .stub(id: 1), .stub(id: 2, price: Decimal(string: "0.99"), currency: "GBP"), .stub(id: 3),
        ]
        #expect(
            MusicVideosListItemViewModel.items(for: videos) == videos.map(MusicVideosListItemViewModel.init(video:)))
    }

    @Test("The table matches its golden text")
    func tableGolden() {
        let text = MusicVideosTableRenderer(width: 80).render(items)
        let expected = """
            #  Title            Artist        Year     Time  Price
            1  Banana Pancakes  Jack Johnson  2005     3:12  $1.99
            2  한글 제목 🎸 E   アーティスト  2019  1:02:03

            """
        #expect(text == expected)
    }

    @Test(
        "Given a narrow terminal, every line fits and the columns after the title stay aligned",
        arguments: [40, 50, 60])
    func tableFitsWidth(width: Int) {
        let many =
            items + [
                MusicVideosListItemViewModel(
                    video: .stub(
                        id: 3, title: String(repeating: "Long title ", count: 8),
                        artistName: String(repeating: "Name ", count: 10)))
            ]
        let lines = MusicVideosTableRenderer(width: width).render(many).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
        let yearColumns = lines.dropFirst().map { line -> Int? in
            guard let range = line.range(of: "20") else { return nil }
            return DisplayWidth.of(String(line[..<range.lowerBound]))
        }
        #expect(Set(yearColumns.compactMap { $0 }).count == 1)
        #expect(lines[3].contains("…"))
    }

    @Test(
        "Given a terminal too narrow for two 8-column texts, the texts squeeze below 8 rather than wrap",
        arguments: [12, 16, 20, 24])
    func tableSqueezesOnTinyTerminals(width: Int) {
        let long = MusicVideosListItemViewModel(
            video: .stub(id: 3, title: "I Don’t Think I Can Do This Again", artistName: "Mura Masa & Clairo"))
        let lines = MusicVideosTableRenderer(width: width).render(items + [long]).split(separator: "\n")
        for line in lines { #expect(DisplayWidth.of(String(line)) <= width, "\(line)") }
    }

    @Test("Colour wraps the header and markers only when asked for")
    func tableColour() {
        #expect(
            MusicVideosTableRenderer(width: 80, style: TextStyle(usesColor: true)).render(items).contains("\u{1B}[1m"))
        #expect(!MusicVideosTableRenderer(width: 80).render(items).contains("\u{1B}"))
    }

    @Test("Plain output is one tab-separated line per video")
    func plain() {
        let lines = MusicVideosPlainRenderer().render(items).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == "1\tJack Johnson\tBanana Pancakes\t2005\t3:12\t$1.99\thttps://music.apple.com/us/music-video/banana-pancakes/1?uo=4"
        )
        #expect(lines[1].split(separator: "\t", omittingEmptySubsequences: false).count == 7)
        #expect(lines[2].isEmpty)
    }

    @Test("JSON is one array with every key, in order, and null for what is missing")
    func json() throws {
        let sparse = MusicVideosListItemViewModel(
            video: MusicVideo(
                id: 9, title: "t", artistName: nil, artistID: nil, collectionName: nil, releaseDate: nil, duration: nil,
                genre: nil,
                explicitness: .unknown, price: nil, collectionPrice: nil, country: nil, currency: nil, trackLink: nil,
                artistLink: nil,
                previewLink: nil, artworkLink: nil))
        let text = MusicVideosJSONRenderer().render(items + [sparse])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        let keys = [
            "id", "title", "artist", "artistId", "collection", "releaseDate", "durationSeconds", "genre", "explicit",
            "country", "currency", "price", "url", "artistUrl", "previewUrl", "artworkUrl",
        ]
        for object in array { #expect(Set(object.keys) == Set(keys)) }
        #expect(array[0]["releaseDate"] as? String == "2005-02-11T00:00:00Z")
        #expect(array[0]["durationSeconds"] as? Int == 192)
        #expect((array[0]["price"] as? NSNumber)?.doubleValue == 1.99)
        #expect(array[1]["explicit"] as? Bool == true)
        #expect(array[2]["artist"] is NSNull)
        #expect(array[2]["explicit"] is NSNull)
        let firstLine = try #require(text.split(separator: "\n").dropFirst().first)
        let order = keys.compactMap { firstLine.range(of: "\"\($0)\":")?.lowerBound }
        #expect(order == order.sorted())
    }

    @Test("Chosen fields: exactly those keys, in the order given, nulls kept")
    func jsonFields() throws {
        let sparse = MusicVideosListItemViewModel(video: .stub(id: 9, artistName: nil))
        let text = MusicVideosJSONRenderer(keys: ["url", "artist", "id"]).render(items + [sparse])
        let lines = text.split(separator: "\n")
        #expect(lines.first == "[" && lines.last == "]")
        #expect(
            lines[3]
                == #"  {"url":"https://music.apple.com/us/music-video/banana-pancakes/1?uo=4","artist":null,"id":9}"#)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        for object in array { #expect(Set(object.keys) == ["url", "artist", "id"]) }
    }

    @Test("JSON lines: one complete object a line, no array, hostile text escaped")
    func jsonLines() throws {
        let hostile = MusicVideosListItemViewModel(video: .stub(title: "a\u{1B}[2J\nb"))
        let text = MusicVideosJSONRenderer(layout: .lines).render(items + [hostile])
        #expect(!text.hasPrefix("["))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == items.count + 2 && lines.last == "")
        for line in lines.dropLast() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object.count == MusicVideosListItemViewModel.jsonKeys.count)
        }
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines[items.count].utf8)) as? [String: Any])
        #expect(last["title"] as? String == "a\u{1B}[2J\nb")
    }

    @Test("Hostile strings stay inert: JSON escapes controls and remains valid, with content kept")
    func jsonEscapesControls() throws {
        let hostile = "a\u{1B}[2Jb\r\u{0}c\u{9B}d\u{202E}e\"\\"
        let text = MusicVideosJSONRenderer().render([MusicVideosListItemViewModel(video: .stub(title: hostile))])
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!text.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x7F })
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.first?["title"] as? String == hostile)
    }

    @Test("Hostile strings stay inert in table and plain output")
    func tableAndPlainSanitise() {
        let item = MusicVideosListItemViewModel(
            video: .stub(title: "x\u{1B}[31my\r\nz\u{0}\u{9B}\u{202E}", artistName: "\u{7}bell"))
        for text in [MusicVideosTableRenderer(width: 80).render([item]), MusicVideosPlainRenderer().render([item])] {
            #expect(
                !text.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                        || $0.value == 0x202E
                })
            #expect(text.contains("x[31my z"))
        }
    }
}
