import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// Golden frames: each screen's state drawn as text (trailing spaces trimmed), per state and
/// width; every line of every frame fits the width.
@MainActor
@Suite("Full-screen frames")
struct FullScreenFrameTests {
    nonisolated static let videos: [MusicVideo] = [
        .stub(id: 1, title: "Upside Down", artistName: "Jack Johnson"),
        .stub(id: 2, title: "Sitting, Waiting, Wishing", artistName: "Jack Johnson", duration: 185),
        .stub(id: 3, title: "Banana Pancakes", artistName: "Jack Johnson", duration: 200),
    ]

    nonisolated static let wideVideos: [MusicVideo] = [
        .stub(id: 4, title: "さくらんぼ", artistName: "大塚 愛", duration: 253),
        .stub(id: 5, title: "🎸 Rock 🎤 Live 👨‍👩‍👧", artistName: "Band 🇯🇵", duration: 61),
        .stub(id: 6, title: "Ünïcödé Straße", artistName: "Nobody", duration: nil),
    ]

    private func results(_ videos: [MusicVideo] = videos, firstNumber: Int = 1) -> ListState<
        MusicVideosListItemViewModel
    > {
        var state = ListState<MusicVideosListItemViewModel>()
        state.title = "Music videos for \"jack johnson\""
        state.setRows(MusicVideosListItemViewModel.items(for: videos), firstNumber: firstNumber)
        return state
    }

    private func draw(_ state: ListState<MusicVideosListItemViewModel>, columns: Int = 72, rows: Int = 6) -> String {
        var state = state
        state.scrollToSelection(rows: rows)
        return checked(FullScreenListView.frame(of: state, columns: columns, rows: rows))
    }

    private func checked(_ frame: Frame) -> String {
        #expect(frame.lines.count == frame.rows)
        for line in frame.lines { #expect(line.width <= frame.columns && DisplayWidth.of(line.text) == line.width) }
        return frame.text
    }

    @Test("Results: the rows with the selection marked, numbered, in the table's columns sized to their content")
    func resultsFrame() {
        #expect(
            draw(results()) == """
                Music videos for "jack johnson"  1–3
                  #  Title                      Artist        Year  Time  Price
                › 1  Upside Down                Jack Johnson  2005  3:12  $1.99
                  2  Sitting, Waiting, Wishing  Jack Johnson  2005  3:05  $1.99
                  3  Banana Pancakes            Jack Johnson  2005  3:20  $1.99

                """)
    }

    @Test("Loading, empty and failed lists say so in the body")
    func loadingEmptyError() {
        var loading = ListState<MusicVideosListItemViewModel>()
        loading.title = "Music videos for \"x\""
        loading.loading = .firstPage
        #expect(draw(loading) == "Music videos for \"x\"\n\n  Searching…\n\n\n")
        var empty = ListState<MusicVideosListItemViewModel>()
        empty.emptyMessage = "No music videos found"
        #expect(draw(empty) == "Music videos\n\n  No music videos found\n\n\n")
        var failed = ListState<MusicVideosListItemViewModel>()
        failed.emptyMessage = "Could not load the results"
        #expect(draw(failed) == "Music videos\n\n  Could not load the results\n\n\n")
    }

    @Test("At 40 columns the price goes first, as in the table, and text is cut with an ellipsis")
    func narrow() {
        #expect(
            draw(results(), columns: 40) == """
                Music videos for "jack johnson"  1–3
                  #  Title          Artist    Year  Time
                › 1  Upside Down    Jack Jo…  2005  3:12
                  2  Sitting, Wai…  Jack Jo…  2005  3:05
                  3  Banana Panca…  Jack Jo…  2005  3:20

                """)
    }

    @Test("CJK and emoji rows line up by display width")
    func wideCharacters() {
        let text = draw(results(Self.wideVideos), columns: 60)
        #expect(
            text == """
                Music videos for "jack johnson"  1–3
                  #  Title               Artist   Year  Time  Price
                › 1  さくらんぼ          大塚 愛  2005  4:13  $1.99
                  2  🎸 Rock 🎤 Live 👨‍👩‍👧  Band 🇯🇵  2005  1:01  $1.99
                  3  Ünïcödé Straße      Nobody   2005        $1.99

                """)
        // The artist column starts at the same display column on every row.
        let rows = text.split(separator: "\n").dropFirst(2).prefix(3)
        let columns = rows.map { row in DisplayWidth.of(String(row.prefix { !"大BN".contains($0) })) }
        #expect(Set(columns).count == 1)
    }

    @Test(
        "Conjoining Hangul jamo take the columns terminals draw (each leading consonant two): the row keeps its year and time"
    )
    func conjoiningJamo() {
        // Five leading consonants are one character to Unicode and ten columns on a terminal;
        // a consonant, vowel and final consonant are one syllable, two columns.
        let jamo: [MusicVideo] = [
            .stub(id: 7, title: "\u{1100}\u{1100}\u{1100}\u{1100}\u{1100} 가\u{1100}\u{1161}\u{11A8}", artistName: "한글"),
            .stub(id: 8, title: String(repeating: "\u{1100}", count: 30), artistName: "Nobody", duration: 61),
        ]
        let text = draw(results(jamo), columns: 60)
        // The title column is 25 wide on both rows: 5 × 2 + 1 + 2 + 2 = 15 columns and 10 spaces; 12 × 2 and …
        #expect(
            text == """
                Music videos for "jack johnson"  1–2
                  #  Title                         Artist  Year  Time  Price
                › 1  ᄀᄀᄀᄀᄀ 가각               한글    2005  3:12  $1.99
                  2  ᄀᄀᄀᄀᄀᄀᄀᄀᄀᄀᄀᄀᄀ…   Nobody  2005  1:01  $1.99


                """)
    }

    @Test("From 110 columns the selected row's details show beside the list")
    func preview() {
        var state = results()
        _ = state.moveSelection(by: 1)
        let text = draw(state, columns: 120, rows: 8)
        #expect(
            text == """
                Music videos for "jack johnson"  1–3
                  #  Title                      Artist        Year  Time  Price    │ Title          Sitting, Waiting, Wishing
                  1  Upside Down                Jack Johnson  2005  3:12  $1.99    │ Artist         Jack Johnson
                › 2  Sitting, Waiting, Wishing  Jack Johnson  2005  3:05  $1.99    │ Released       2005-02-11
                  3  Banana Pancakes            Jack Johnson  2005  3:20  $1.99    │ Duration       3:05
                                                                                   │ Genre          Rock
                                                                                   │ Explicit       no
                                                                                   │ Price          $1.99
                """)
        #expect(!draw(state, columns: 109, rows: 8).contains("│"))
    }

    @Test("Numbers continue from the first page's offset; the filter line shows what matches")
    func offsetAndFilter() {
        var state = results(firstNumber: 26)
        state.startFilter()
        for character in "pan" { _ = state.editFilter(.character(character)) }
        #expect(
            draw(state) == """
                Music videos for "jack johnson"  26–28
                /pan  2/3
                   #  Title                      Artist        Year  Time  Price
                › 28  Banana Pancakes            Jack Johnson  2005  3:20  $1.99
                  26  Upside Down                Jack Johnson  2005  3:12  $1.99

                """)
        #expect(state.selectedRow == 2)
        state.clearFilter()
        #expect(state.selectedRow == 2 && state.visible.count == 3)
    }

    @Test("The search screen: the field with its cursor, and recent searches beneath")
    func searchFrame() {
        var search = SearchViewState()
        search.recentSearches = ["clairo", "jack johnson"]
        _ = search.field.handle(.paste("jack"))
        _ = search.field.handle(.left)
        let frame = search.render(columns: 50, rows: 8)
        #expect(
            checked(frame) == """
                Search music videos

                › jack

                Recent searches (↑/↓, or a number and Enter)
                  1  clairo
                  2  jack johnson

                """)
        #expect(frame.cursor == Frame.Position(row: 2, column: 5))
    }

    @Test("Details: every field; a URL on one line, cut with … where it must be, its link the whole URL")
    func detailsFrame() {
        var details = DetailsViewState()
        details.rows = MusicVideoDetailsFormatter.rows(for: Self.videos[0])
        let frame = details.render(columns: 70, rows: 16)
        #expect(
            checked(frame) == """
                Upside Down

                  Title          Upside Down
                  Artist         Jack Johnson
                  Released       2005-02-11
                  Duration       3:12
                  Genre          Rock
                  Explicit       no
                  Price          $1.99
                  Store country  USA
                  Page           https://music.apple.com/us/music-video/banana-pancak…
                  Artist page    https://music.apple.com/us/artist/jack-johnson/90925…
                  Track id       1



                """)
        let links = frame.lines.flatMap(\.runs).compactMap(\.link)
        #expect(links.first == "https://music.apple.com/us/music-video/banana-pancakes/1?uo=4")
        #expect(
            links == [
                "https://music.apple.com/us/music-video/banana-pancakes/1?uo=4",
                "https://music.apple.com/us/artist/jack-johnson/909253?uo=4",
            ])
        // Wide enough, the URL shows whole.
        #expect(details.render(columns: 90, rows: 16).text.contains("banana-pancakes/1?uo=4\n"))
    }

    @Test("Details wrap a value between words; a value longer than 20 lines ends with …")
    func detailsWordWrap() {
        var details = DetailsViewState()
        let video = MusicVideo.stub(id: 1, title: "Are You Bored Yet? (feat. Clairo)")
        details.rows = MusicVideoDetailsFormatter.rows(for: video)
        let lines = details.render(columns: 36, rows: 6).lines.map(\.text)
        #expect(Array(lines[2...3]) == ["  Title          Are You Bored Yet?", "                 (feat. Clairo)"])

        details.rows = [.init(label: "Title", value: String(repeating: "long words ", count: 200))]
        let capped = details.render(columns: 30, rows: 40).lines.map(\.text).filter { !$0.isEmpty }
        #expect(capped.count == 1 + 20)  // the title line, then at most 20 lines of the value
        #expect(capped.last?.hasSuffix("…") == true)
    }

    @Test("Details on a narrow terminal put each value under its label; a window grown shows the top again")
    func narrowDetails() {
        var details = DetailsViewState()
        details.rows = MusicVideoDetailsFormatter.rows(for: Self.videos[0])
        // 24 columns: beside the labels (13 wide) a value would have 7, so it goes below.
        let narrow = details.render(columns: 24, rows: 9)
        #expect(
            checked(narrow) == """
                Upside Down

                  Title
                    Upside Down
                  Artist
                    Jack Johnson
                  Released
                    2005-02-11
                  Duration
                """)
        #expect(narrow.lines.flatMap(\.runs).contains { $0.text == "Title" && $0.attributes.contains(.bold) })
        // Scrolled to the end at 8 rows, then the window grows to 40: every field, from the top.
        details.scroll(by: 100, columns: 70, rows: 8)
        #expect(details.render(columns: 70, rows: 8).lines[2].text.hasPrefix("  Explicit"))
        let grown = details.render(columns: 70, rows: 40)
        #expect(grown.lines[2].text.hasPrefix("  Title"))
        #expect(grown.lines[12].text.hasPrefix("  Track id"))
    }

    @Test("Nothing from the server drives the terminal: controls are stripped, odd URLs are not links")
    func hostileStrings() {
        let hostile = MusicVideo.stub(
            title: "Evil\u{1B}]8;;http://x\u{07}\u{1B}[2J\u{9B}31m", artistName: "\u{202E}Artist\r\n",
            trackURL: URL(string: "javascript:alert(1)"))
        var state = results([hostile])
        state.title = "t"
        let frame = FullScreenListView.frame(of: state, columns: 120, rows: 12)
        for run in frame.lines.flatMap(\.runs) {
            #expect(!run.text.unicodeScalars.contains { TerminalSanitizer.isControl($0) })
            #expect(run.link == nil)
        }
        var details = DetailsViewState()
        details.rows = MusicVideoDetailsFormatter.rows(for: hostile)
        let encoded = FrameEncoder(usesColor: true, usesHyperlinks: true).encode(
            from: nil, to: details.render(columns: 80, rows: 20))
        #expect(!encoded.contains(0x07) && !encoded.contains(0x9B))
        #expect(!String(decoding: encoded, as: UTF8.self).contains("\u{1B}]8;;javascript"))
    }

    @Test("The status line: spinner, the last error, then the keys; the help box lists every key")
    func chrome() {
        let line = FullScreenChrome.statusLine(
            columns: 80, activity: .init("Searching"), spinnerTick: 1, message: "the service is down",
            keys: [KeyHint.quit])
        #expect(line.text == "⠙ Searching… · Ctrl-C cancels  the service is down  q quit")
        #expect(line.runs.contains { $0.attributes.contains(.red) })
        // At every width the wait is cut before the keys are, one space apart from them.
        for columns in 20...120 {
            let text = FullScreenChrome.statusLine(
                columns: columns, activity: .init("Loading music videos for \"slow\"", elapsedSeconds: 1),
                spinnerTick: 0, message: nil, keys: [KeyHint("Enter", "details")] + KeyHint.leave
            ).text
            #expect(DisplayWidth.of(text) <= columns && text.contains(" Esc") && !text.contains("…Esc"), "\(text)")
        }
        var frame = Frame(columns: 40, rows: 8)
        FullScreenChrome.drawHelp([("q", "quit"), ("?", "this help")], into: &frame)
        #expect(frame.text.contains("│ q  quit"))
        #expect(frame.text.contains("│ ?  this help"))
        // The box is closed on every side, its top border cut to the box's width.
        let box = frame.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        #expect(box.first?.hasPrefix("┌ Keys") == true && box.first?.hasSuffix("┐") == true)
        #expect(Set(box.map { DisplayWidth.of($0) }).count == 1)
        for line in frame.lines { #expect(line.width <= 40) }

        // 20 columns, and a key wider than the box: it wraps between its words, as the action does.
        var narrow = Frame(columns: 20, rows: 10)
        FullScreenChrome.drawHelp(
            [("past the last row", "loads the next page"), ("q", "quit")], into: &narrow)
        let narrowBox = narrow.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        #expect(narrowBox.dropFirst().dropLast().allSatisfy { $0.hasPrefix("│ ") && $0.hasSuffix(" │") })
        #expect(Set(narrowBox.map { DisplayWidth.of($0) }) == [20])
        #expect(narrowBox.contains { $0.hasPrefix("│ q") && $0.contains("quit") })
        // The key and the action are wrapped onto lines below, whole, never cut with ….
        #expect(narrowBox.count == 2 + 5, "\(narrow.text)")
        #expect(!narrow.text.contains("…"), "\(narrow.text)")
        for word in ["past", "last", "row", "loads", "the", "next", "page"] {
            #expect(narrowBox.contains { $0.split(separator: " ").contains(Substring(word)) }, "\(narrow.text)")
        }

        // Too short for every key: the box scrolls, its title says which keys it shows.
        var short = Frame(columns: 50, rows: 5)
        FullScreenChrome.drawHelp([("a", "one"), ("b", "two"), ("c", "three")], into: &short)
        #expect(short.text.contains("│ a  one"))
        #expect(short.text.contains("│ b  two"))
        #expect(!short.text.contains("three"))
        #expect(short.text.contains("Keys 1–2"))
        var scrolled = Frame(columns: 50, rows: 5)
        FullScreenChrome.drawHelp([("a", "one"), ("b", "two"), ("c", "three")], into: &scrolled, top: 1)
        #expect(!scrolled.text.contains("one") && scrolled.text.contains("│ c  three"))
        #expect(scrolled.text.contains("Keys 2–3"))
        #expect(
            FullScreenChrome.helpScrollLimit([("a", "one"), ("b", "two"), ("c", "three")], columns: 50, rows: 4) == 1)
    }
}

/// Issue 19: the session's list shows what the table shows, at every width.
@MainActor
@Suite("Full-screen list columns")
struct FullScreenColumnsTests {
    private func draw(_ videos: [MusicVideo], columns: Int, rows: Int = 5, preview: Bool? = nil) -> Frame {
        var state = ListState<MusicVideosListItemViewModel>()
        state.title = "Music videos"
        state.setRows(MusicVideosListItemViewModel.items(for: videos), firstNumber: 1)
        state.showsPreview = preview
        state.scrollToSelection(rows: rows)
        return FullScreenListView.frame(of: state, columns: columns, rows: rows)
    }

    static let videos: [MusicVideo] = [
        .stub(
            id: 1, title: "RACECAR (feat. Clairo, Coco & Clairo)", artistName: "Deaton Chris Anthony",
            explicitness: .explicit),
        .stub(id: 2, title: "4Ever", artistName: "Clairo", price: nil),
    ]

    @Test("Golden frames at 20, 40, 80 and 120 columns: E for explicit, year, time and price, as the table has them")
    func goldens() {
        #expect(
            draw(Self.videos, columns: 20).text == """
                Music videos  1–2
                  #  Title    Artist
                › 1  RACE… E  Deato…
                  2  4Ever    Clairo

                """)
        #expect(
            draw(Self.videos, columns: 40).text == """
                Music videos  1–2
                  #  Title          Artist    Year  Time
                › 1  RACECAR (f… E  Deaton …  2005  3:12
                  2  4Ever          Clairo    2005  3:12

                """)
        #expect(
            draw(Self.videos, columns: 80).text == """
                Music videos  1–2
                  #  Title                               Artist                Year  Time  Price
                › 1  RACECAR (feat. Clairo, Coco & C… E  Deaton Chris Anthony  2005  3:12  $1.99
                  2  4Ever                               Clairo                2005  3:12

                """)
        // 120 columns: every column whole; the preview has no room beside it by itself.
        #expect(
            draw(Self.videos, columns: 120).text == """
                Music videos  1–2
                  #  Title                                    Artist                Year  Time  Price
                › 1  RACECAR (feat. Clairo, Coco & Clairo) E  Deaton Chris Anthony  2005  3:12  $1.99
                  2  4Ever                                    Clairo                2005  3:12

                """)
    }

    @Test("At 100 columns a title is never cut while blank cells are left beside it")
    func noTitleCutBesideBlanks() {
        let frame = draw(Self.videos, columns: 100)
        #expect(frame.text.contains("RACECAR (feat. Clairo, Coco & Clairo) E"))
        #expect(!frame.text.contains("…"))
    }

    @Test("The preview shows beside the list only when the list keeps its columns' room; p forces it either way")
    func previewLeavesTheListItsRoom() {
        let long = Self.videos
        #expect(!draw(long, columns: 120).text.contains("│"))
        #expect(draw(long, columns: 160).text.contains("│ Title"))
        let forced = draw(long, columns: 120, preview: true)
        #expect(forced.text.contains("│ Title"))
        #expect(!draw(long, columns: 160, preview: false).text.contains("│"))
        // Even forced, no preview where it would not fit.
        #expect(!draw(long, columns: 60, preview: true).text.contains("│"))
        for columns in [20, 40, 80, 100, 120, 160, 200] {
            for line in draw(long, columns: columns).lines { #expect(line.width <= columns) }
        }
    }
}
