import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// `/` in the results list: fzf's matching over every loaded row, best first, the matched
/// characters highlighted, the count beside the filter.
@Suite("Filtering the results as in fzf")
struct FuzzyFilterFrameTests {
    static let videos: [MusicVideo] = [
        .stub(id: 1, title: "Bags", artistName: "Clairo"),
        .stub(id: 2, title: "Are You Bored Yet? (feat. Clairo)", artistName: "Wallows"),
        .stub(id: 3, title: "Halo", artistName: "Beyoncé"),
        .stub(id: 4, title: "Blue Lips", artistName: "Zoë Kravitz"),
        .stub(id: 5, title: "Broad Daylight", artistName: "Someone"),
        .stub(id: 6, title: "Bird", artistName: "Billie Eilish"),
    ]

    private func filtered(_ text: String) -> ListState<MusicVideosListItemViewModel> {
        var state = ListState<MusicVideosListItemViewModel>()
        state.setRows(MusicVideosListItemViewModel.items(for: Self.videos), firstNumber: 1)
        state.startFilter()
        for character in text { _ = state.editFilter(.character(character)) }
        return state
    }

    private func titles(_ state: ListState<MusicVideosListItemViewModel>) -> [String] {
        state.visible.map { state.rows[$0].title }
    }

    @Test("/brd keeps \"Are You Bored Yet?\", \"Bird\" and \"Broad Daylight\", best first: two word starts first")
    func subsequence() {
        let state = filtered("brd")
        #expect(Set(titles(state)) == ["Are You Bored Yet? (feat. Clairo)", "Broad Daylight", "Bird"])
        #expect(titles(state).first == "Broad Daylight")  // "Br" at a word start, "D" at the next
        #expect(state.selectedRow == 4)  // the best match is selected, as in fzf
    }

    @Test("/beyonce keeps Beyoncé, /zoe keeps Zoë: accents and case are ignored; the artist is matched too")
    func accents() {
        #expect(titles(filtered("beyonce")) == ["Halo"])
        #expect(titles(filtered("zoe")) == ["Blue Lips"])
        #expect(titles(filtered("ZOË KRA")) == ["Blue Lips"])
    }

    @Test("Words match in any order and field; a shorter row beats a longer one at the same score")
    func ordering() {
        #expect(titles(filtered("clairo bored")) == ["Are You Bored Yet? (feat. Clairo)"])
        // "bags" is one run in "Bags", scattered over title and artist in "Broad Daylight  Someone".
        #expect(titles(filtered("bags")) == ["Bags", "Broad Daylight"])
        // Clairo is Bags' artist (a short row) and in the other's title: the short row first.
        #expect(titles(filtered("clairo")) == ["Bags", "Are You Bored Yet? (feat. Clairo)"])
    }

    @Test("The filter line counts what matches of what is loaded; matched characters are highlighted in the row")
    func frame() throws {
        var state = filtered("brd")
        state.scrollToSelection(rows: 8)
        let frame = FullScreenListView.frame(of: state, columns: 72, rows: 8)
        #expect(frame.lines[1].text.hasPrefix("/brd  3/6"))
        let bird = try #require(frame.lines.first { $0.text.contains("Bird") })
        #expect(bird.runs.filter { $0.attributes.contains(.highlight) }.map(\.text) == ["B", "rd"])
        let bored = try #require(frame.lines.first { $0.text.contains("Bored") })
        #expect(bored.runs.filter { $0.attributes.contains(.highlight) }.map(\.text) == ["B", "r", "d"])
        // No filter, no highlight.
        var plain = ListState<MusicVideosListItemViewModel>()
        plain.setRows(MusicVideosListItemViewModel.items(for: Self.videos), firstNumber: 1)
        #expect(
            !FullScreenListView.frame(of: plain, columns: 72, rows: 8).lines.flatMap(\.runs).contains {
                $0.attributes.contains(.highlight)
            })
    }
}
