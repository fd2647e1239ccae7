import Foundation
import Presentation
import TerminalUI
import Testing

/// A row that is not a music video: what any new list describes to get all three formats.
private struct PlanetRow: ListRowDescribing, Equatable {
    let name: String
    let moons: Int

    static let tableColumns: [TableColumn<PlanetRow>] = [
        TableColumn("Name", width: .flexible(percent: 100), value: { $0.name }),
        TableColumn("Moons", width: .fittedAlways, alignRight: true, value: { String($0.moons) }),
    ]
    static let plainFields: [@Sendable (PlanetRow) -> String] = [{ $0.name }, { String($0.moons) }]
    static let jsonFields: [JSONField<PlanetRow>] = [
        .string("name") { $0.name }, .literal("moons") { String($0.moons) },
    ]
}

@Suite("Renderers from a column description")
struct GenericRendererTests {
    private let rows = [PlanetRow(name: "Jupiter", moons: 95), PlanetRow(name: "Earth", moons: 1)]

    @Test("Given a description, the table numbers rows, aligns by its columns, and right-aligns as told")
    func table() {
        #expect(
            TableRenderer<PlanetRow>(width: 80).render(rows) == """
                #  Name     Moons
                1  Jupiter     95
                2  Earth        1

                """)
    }

    @Test("Given a narrow terminal, the flexible column is cut with … and a column kept always stays")
    func narrowTable() {
        let long = [PlanetRow(name: String(repeating: "Neptune ", count: 6), moons: 16)]
        let lines = TableRenderer<PlanetRow>(width: 24, firstNumber: 7).render(long).split(separator: "\n")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 24 })
        #expect(lines[1].hasPrefix("7  Neptune") && lines[1].contains("…") && lines[1].hasSuffix("16"))
    }

    @Test("Plain is the fields tab-separated; JSON the keys in order, or the chosen ones, as an array or lines")
    func plainAndJSON() {
        #expect(PlainRenderer<PlanetRow>().render(rows) == "Jupiter\t95\nEarth\t1\n")
        #expect(
            JSONRenderer<PlanetRow>().render(rows)
                == "[\n  {\"name\":\"Jupiter\",\"moons\":95},\n  {\"name\":\"Earth\",\"moons\":1}\n]\n")
        #expect(
            JSONRenderer<PlanetRow>(keys: ["moons"], layout: .lines).render(rows) == "{\"moons\":95}\n{\"moons\":1}\n")
        #expect(PlanetRow.jsonKeys == ["name", "moons"])
    }
}
