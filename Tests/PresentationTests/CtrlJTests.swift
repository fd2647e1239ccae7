import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// Ctrl-J and Ctrl-K move in every list and while filtering, as in fzf; in a text field Ctrl-J is
/// Enter, as in readline.
@MainActor
@Suite("Ctrl-J moves down in lists and the filter; Enter in a field")
struct CtrlJTests {
    private static func results() -> ListState<MusicVideosListItemViewModel> {
        var state = ListState<MusicVideosListItemViewModel>(title: "Music videos")
        let videos = (1...4).map { MusicVideo.stub(id: $0, title: "Video \($0)") }
        state.setRows(MusicVideosListItemViewModel.items(for: videos), firstNumber: 1)
        return state
    }

    @Test("Given a list, when Ctrl-J then Ctrl-K, then the selection moves down then up, opening nothing")
    func list() {
        var state = Self.results()
        var effects: [ListEffect]
        (state, effects) = ListUpdate.update(state, .key(.control("j")))
        #expect(state.selectedRow == 1)
        #expect(!effects.contains(.open(row: 0)) && !effects.contains(.passed))
        (state, _) = ListUpdate.update(state, .key(.control("k")))
        #expect(state.selectedRow == 0)
    }

    @Test("Given the filter being typed, when Ctrl-J, then the selection moves and the filter stays open")
    func filter() {
        var state = Self.results()
        (state, _) = ListUpdate.update(state, .key(.character("/")))
        (state, _) = ListUpdate.update(state, .key(.control("j")))
        #expect(state.isEditingFilter)
        #expect(state.selection == 1)
    }

    @Test("Given the help, then the move line names Ctrl-K/J")
    func help() {
        #expect(ListKeys.help(for: Self.results()).contains { $0.key.hasSuffix("Ctrl-K/J") })
    }

    @Test("Given words in the search field, when Ctrl-J, then they are searched for, as Enter does")
    func searchField() {
        let viewModel = MockMusicVideosSearchViewModel()
        let view = FullScreenSearchView(viewModel: viewModel, term: "clairo")
        #expect(view.handle(.control("j")))
        #expect(viewModel.calls.contains(.didSubmit("clairo")))
    }
}
