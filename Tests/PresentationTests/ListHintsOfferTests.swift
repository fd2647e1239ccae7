import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// The status line offers `p` and `a` only on a row they would act on; the keys still say why not.
@Suite("List hints follow the selected row")
struct ListHintsOfferTests {
    private func hints(for video: MusicVideo) -> String {
        var state = ListState<MusicVideosListItemViewModel>(title: "Music videos")
        state.viewport = ListViewport(columns: 200, rows: 20)
        state.setRows(MusicVideosListItemViewModel.items(for: [video]), firstNumber: 1)
        return KeyHint.text(ListKeys.hints(for: state))
    }

    @Test("Given a row with a preview and an artist, then p play and a artist are offered")
    func offeredWhereTheyAct() {
        let text = hints(for: .stub(previewURL: URL(string: "https://audio.example/p.m4v")))
        #expect(text.contains("p play") && text.contains("a artist"), "\(text)")
    }

    @Test("Given a row with no preview and no artist, then neither p nor a is offered")
    func notOfferedWhereTheyWouldRefuse() {
        let text = hints(for: .stub(artistID: nil, previewURL: nil))
        #expect(!text.contains("p play") && !text.contains("a artist"), "\(text)")
        #expect(text.contains("Enter"))
    }
}
