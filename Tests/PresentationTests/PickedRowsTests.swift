import Domain
import Foundation
import Mocks
import Presentation
import Testing

/// The picker's rows from several lists: joined when one renderer writes them all.
@MainActor
@Suite("Picked rows from several lists")
struct PickedRowsTests {
    private struct PlainRenderers: ListRendererMaking {
        func renderer<Row: ListRowDescribing>(for row: Row.Type) -> any ListRenderer<Row> { PlainRenderer<Row>() }
    }

    private let results = MusicVideosListItemViewModel.items(for: [MusicVideo.stub(id: 9, title: "Racecar")])
    private let hers = MusicVideosListItemViewModel.items(for: [MusicVideo.stub(id: 8, title: "Sofia")])

    @Test("Given rows of one kind from two lists, then they are written together, the first list's first")
    func sameKindJoins() throws {
        let joined = try #require(PickedRows(results).followed(by: PickedRows(hers)))
        #expect(joined.count == 2)
        let ids = joined.text(with: PlainRenderers()).split(separator: "\n").map { $0.prefix { $0 != "\t" } }
        #expect(ids == ["9", "8"])
    }

    @Test("Given a chart's ranked rows and a list's videos, then they are not joined: one renderer cannot write both")
    func differentKindsDoNot() {
        let chart = PickedRows([RankedRow(rank: 1, row: results[0])])
        #expect(chart.followed(by: PickedRows(hers)) == nil)
        #expect(PickedRows(hers).followed(by: chart) == nil)
    }
}
