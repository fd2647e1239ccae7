import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// The picker's marks (Tab) and the sort key (`S`) on the results' state.
@Suite("Marking rows for the picker, and sorting the rows loaded")
struct ListStateMarksTests {
    /// Four videos: ids 1–4, released 2001, 2004, 2002, 2003; titles D, B, C, A.
    private static let videos: [MusicVideo] = [
        .stub(id: 1, title: "D", releaseDate: year(2001)), .stub(id: 2, title: "B", releaseDate: year(2004)),
        .stub(id: 3, title: "C", releaseDate: year(2002)), .stub(id: 4, title: "A", releaseDate: year(2003)),
    ]

    private static func year(_ year: Int) -> Date {
        Date(timeIntervalSince1970: Double(year - 1970) * 365.25 * 86_400)
    }

    private static func state(_ videos: [MusicVideo] = videos) -> ListState<MusicVideosListItemViewModel> {
        var state = ListState<MusicVideosListItemViewModel>()
        state.setRows(MusicVideosListItemViewModel.items(for: videos), firstNumber: 1)
        return state
    }

    private static func ids(_ rows: [MusicVideosListItemViewModel]) -> [Int] { rows.map(\.video.id) }

    @Test(
        "Given rows 1 and 3 marked, then the picked rows are those two in the list's order; none marked, the selected one"
    )
    func marks() {
        var state = Self.state()
        #expect(Self.ids(state.pickedRows) == [1])
        _ = state.moveSelection(by: 2)
        _ = state.toggleMark()
        state.selectFirst()
        let marked = state.toggleMark()
        #expect(marked)
        #expect(state.marks.count == 2)
        #expect(Self.ids(state.pickedRows) == [1, 3])
        _ = state.toggleMark()  // row 1 again: unmarked
        #expect(Self.ids(state.pickedRows) == [3])
    }

    @Test("Given a marked row the filter hides, then it stays marked and is still picked")
    func filterKeepsMarks() {
        var state = Self.state()
        state.selectLast()
        _ = state.toggleMark()  // 4, "A"
        state.startFilter()
        _ = state.editFilter(.character("D"))  // in no artist's name (Jack Johnson)
        #expect(state.visible == [0])
        _ = state.toggleMark()  // 1, "D"
        #expect(Self.ids(state.pickedRows) == [1, 4])
        state.clearFilter()
        #expect(Self.ids(state.pickedRows) == [1, 4])
    }

    @Test("Given a mark, when the next page adds rows the mark stays; when a new search replaces them it goes")
    func marksFollowTheRows() {
        var state = Self.state(Array(Self.videos.prefix(2)))
        _ = state.toggleMark()
        state.setRows(MusicVideosListItemViewModel.items(for: Self.videos))
        #expect(state.marks.contains(0))  // the first row's position: a next page goes below it
        state.setRows(MusicVideosListItemViewModel.items(for: [.stub(id: 9)]), firstNumber: 1)
        #expect(state.marks.isEmpty)
    }

    @Test("A marked row shows ✓ beside its number, with or without colour; others a space")
    func markDrawn() {
        var state = Self.state()
        _ = state.toggleMark()
        _ = state.moveSelection(by: 1)
        let lines = FullScreenListView.frame(of: state, columns: 60, rows: 8).text.components(separatedBy: "\n")
        #expect(lines[2].hasPrefix(" ✓1  D"))
        #expect(lines[3].hasPrefix("› 2  B"))
        #expect(lines[4].hasPrefix("  3  C"))
    }

    @Test(
        "S cycles year, title, artist, duration, price and back to the service's order; the selection stays on its video"
    )
    func cycleOrder() {
        var state = Self.state()
        _ = state.moveSelection(by: 2)  // video 3
        var orders: [MusicVideoOrder.Key?] = []
        var shown: [[Int]] = []
        for _ in 0..<6 {
            state.cycleOrder()
            orders.append(state.order)
            shown.append(state.visible.map { state.rows[$0].video.id })
            #expect(state.selectedRow.map { state.rows[$0].video.id } == 3)
        }
        #expect(orders == [.year, .title, .artist, .duration, .price, nil])
        #expect(shown[0] == [2, 4, 3, 1])  // the newest first
        #expect(shown[1] == [4, 2, 3, 1])  // A to Z
        #expect(shown[5] == [1, 2, 3, 4])
        state.cycleOrder()
        #expect(
            FullScreenListView.frame(of: state, columns: 80, rows: 8).text.hasPrefix(
                "Music videos  1–4 · sorted by year"))
    }

    @Test("Sorted, a page loaded later is merged into the order, the selection kept; the marks picked in that order")
    func nextPageMerged() {
        var state = Self.state(Array(Self.videos.prefix(2)))
        state.paging = .more
        state.cycleOrder()  // year: 2 (2004), 1 (2001)
        state.selectFirst()
        _ = state.toggleMark()  // 2
        let movedPastTheEnd = state.moveSelection(by: 1)
        #expect(!movedPastTheEnd)
        _ = state.toggleMark()  // 1
        let asksForMore = state.moveSelection(by: 1)  // past the last row
        #expect(asksForMore)
        state.setRows(MusicVideosListItemViewModel.items(for: Self.videos), selectsNew: true)
        #expect(state.visible.map { state.rows[$0].video.id } == [2, 4, 3, 1])
        #expect(state.selectedRow.map { state.rows[$0].video.id } == 1)
        #expect(Self.ids(state.pickedRows) == [2, 1])
    }

    @Test("A chart's list marks rows by position, picks them in order, and forgets the marks on new rows")
    func listMarks() {
        var state = ListState<MusicVideosListItemViewModel>(title: "Top")
        let rows = MusicVideosListItemViewModel.items(for: Self.videos)
        state.setRows(rows)
        state.moveSelection(by: 3)
        _ = state.toggleMark()
        state.selectFirst()
        _ = state.toggleMark()
        #expect(Self.ids(state.pickedRows) == [1, 4])
        #expect(
            FullScreenListView.frame(of: state, columns: 60, rows: 8).text.components(separatedBy: "\n")[2].hasPrefix(
                "›✓1"))
        state.setRows(Array(rows.reversed()))
        #expect(state.marks.isEmpty)
        #expect(Self.ids(state.pickedRows) == [4])
    }

    @Test("RowMarks picks marked rows in the order given, else the selected one, else none")
    func rowMarks() {
        var marks = RowMarks<Int>()
        #expect(marks.picked(from: [3, 1, 2], id: { $0 }, selected: 1) == [1])
        #expect(marks.picked(from: [3, 1, 2], id: { $0 }, selected: nil) == [])
        marks.toggle(2)
        marks.toggle(3)
        #expect(marks.picked(from: [3, 1, 2], id: { $0 }, selected: 1) == [3, 2])
        marks.keep(only: [1, 2])
        #expect(marks.picked(from: [3, 1, 2], id: { $0 }, selected: 1) == [2])
    }
}
