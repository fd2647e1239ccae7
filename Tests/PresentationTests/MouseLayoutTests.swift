import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// Where a click lands: the line of the body a row is drawn on, found in the frame itself, maps
/// back to that row — with and without a filter line, scrolled or not; the title, the headers
/// and the lines below the rows map to none.
@Suite("The lists' rows under the mouse")
struct MouseLayoutTests {
    private static let videos = (1...20).map { MusicVideo.stub(id: $0, title: "Video \($0)") }

    private func results() -> ListState<MusicVideosListItemViewModel> {
        var state = ListState<MusicVideosListItemViewModel>()
        state.setRows(MusicVideosListItemViewModel.items(for: Self.videos), firstNumber: 1)
        return state
    }

    /// The body line the frame draws `text` on.
    private func line(of text: String, in frame: Frame) -> Int? {
        frame.lines.firstIndex { $0.text.contains(text + " ") }
    }

    @Test("Given the results scrolled to row 15, when each drawn row's line is clicked, then that row is selected")
    func resultsRows() throws {
        var state = results()
        _ = state.moveSelection(by: 14)
        let rows = 8
        state.scrollToSelection(rows: rows)
        let frame = FullScreenListView.frame(of: state, columns: 80, rows: rows)
        for number in 10...15 {
            let drawn = try #require(line(of: "Video \(number)", in: frame), "row \(number) is drawn")
            let position = try #require(state.visiblePosition(atLine: drawn, rows: rows))
            var clicked = state
            clicked.select(visiblePosition: position)
            #expect(clicked.selectedRow == number - 1)
        }
        // The title, the column headers and the row past the list are no row.
        for header in 0..<state.firstRowLine {
            #expect(state.visiblePosition(atLine: header, rows: rows) == nil)
        }
        #expect(state.visiblePosition(atLine: rows, rows: rows) == nil)
        #expect(state.visiblePosition(atLine: -1, rows: rows) == nil)
    }

    @Test("Given a filter line under the title, then the rows start a line lower and still map to their rows")
    func resultsFiltered() throws {
        var state = results()
        state.startFilter()
        for character in "video 1" { _ = state.editFilter(.character(character)) }
        let rows = 8
        state.scrollToSelection(rows: rows)
        let frame = FullScreenListView.frame(of: state, columns: 80, rows: rows)
        #expect(state.firstRowLine == 3)
        let drawn = try #require(line(of: "Video 12", in: frame))
        let position = try #require(state.visiblePosition(atLine: drawn, rows: rows))
        state.select(visiblePosition: position)
        #expect(state.selectedRow == 11)
        #expect(state.visiblePosition(atLine: 2, rows: rows) == nil)  // the headers
    }

    @Test("Given a short list, then the lines below its last row are no row")
    func belowTheRows() {
        var state = ListState<MusicVideosListItemViewModel>()
        state.setRows(MusicVideosListItemViewModel.items(for: Array(Self.videos.prefix(2))), firstNumber: 1)
        state.scrollToSelection(rows: 10)
        #expect(state.visiblePosition(atLine: 3, rows: 10) == 1)
        #expect(state.visiblePosition(atLine: 4, rows: 10) == nil)
        #expect(ListState<MusicVideosListItemViewModel>().visiblePosition(atLine: 2, rows: 10) == nil)
    }

    @Test("Given the artists' list scrolled, when a drawn row's line is clicked, then that row is selected")
    func listRows() throws {
        var state = ListState<MusicArtistsListItemViewModel>(title: "Artists")
        state.setRows(
            (1...12).map { MusicArtistsListItemViewModel(artist: .stub(id: $0, name: "Artist \($0)", genre: "Rock")) })
        state.moveSelection(by: 9)
        let rows = 6
        state.scrollToSelection(rows: rows)
        let frame = FullScreenListView.frame(of: state, columns: 60, rows: rows)
        let drawn = try #require(line(of: "Artist 8", in: frame))
        let position = try #require(state.visiblePosition(atLine: drawn, rows: rows))
        state.select(visiblePosition: position)
        #expect(state.selectedRow == 7)
        #expect(state.visiblePosition(atLine: 1, rows: rows) == nil)
    }

    @Test("Given recent searches on the search screen, then a line maps to the search drawn there, and recalls it")
    func recentSearches() {
        var state = SearchViewState()
        state.recentSearches = ["clairo", "jack", "adele"]
        state.field = LineEditor("my own")
        let frame = state.render(columns: 40, rows: 7)
        let drawn = frame.lines.firstIndex { $0.text.hasSuffix("jack") }
        #expect(drawn.flatMap { state.recentSearch(atLine: $0, rows: 7) } == 1)
        #expect(state.recentSearch(atLine: 7, rows: 7) == nil)  // "adele" is not drawn at 7 rows
        #expect(state.recentSearch(atLine: 4, rows: 7) == nil)  // the heading
        state.recall(at: 1)
        #expect(state.field.text == "jack")
        state.recall(older: false)
        state.recall(older: false)
        #expect(state.field.text == "my own")  // ↓ past the newest: the user's own words back
    }
}
