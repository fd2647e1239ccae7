import Domain
import Foundation

/// Writes rows in an order asked for rather than the service's, with any renderer: the table,
/// plain lines and JSON all show the same order; a chart's entries keep their ranks. Rows that
/// show no video (not `MusicVideoRow`s) are written as they came.
public struct OrderedListRenderer<Row>: ListRenderer {
    private let renderer: any ListRenderer<Row>
    private let order: MusicVideoOrder

    /// - Parameters:
    ///   - renderer: Writes the rows once ordered.
    ///   - order: The order to write them in.
    public init(_ renderer: any ListRenderer<Row>, order: MusicVideoOrder) {
        self.renderer = renderer
        self.order = order
    }

    public func render(_ rows: [Row]) -> String {
        let videos = rows.compactMap { ($0 as? any MusicVideoRow)?.musicVideo }
        guard videos.count == rows.count else { return renderer.render(rows) }
        let positions = order.sorted(Array(videos.indices)) { videos[$0] }
        return renderer.render(positions.map { rows[$0] })
    }
}
