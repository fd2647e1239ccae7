import Foundation

/// A genre of the store's music-video charts, with the id a chart query takes
/// (`ChartQuery.genreID`).
public struct ChartGenre: Equatable, Sendable, Identifiable {
    public let id: Int
    public let name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// The genres whose music-video charts the store publishes, most asked for first.
    public static let musicVideoCharts: [ChartGenre] = [
        ChartGenre(id: 14, name: "Pop"), ChartGenre(id: 21, name: "Rock"), ChartGenre(id: 18, name: "Hip-Hop/Rap"),
        ChartGenre(id: 15, name: "R&B/Soul"), ChartGenre(id: 6, name: "Country"),
        ChartGenre(id: 20, name: "Alternative"),
        ChartGenre(id: 17, name: "Dance"), ChartGenre(id: 7, name: "Electronic"), ChartGenre(id: 12, name: "Latin"),
        ChartGenre(id: 51, name: "K-Pop"),
    ]
}
