import Domain
import Foundation
import TerminalUI

/// A picture held in memory to be drawn: its PNG bytes and the id that names them on the terminal.
public struct ArtworkPicture: Equatable, Sendable {
    /// Unique among the pictures of a session, so a terminal that keeps pictures by id never
    /// confuses two.
    public let id: UInt32
    public let png: [UInt8]
    /// `png` in base64, as a terminal is sent it: encoded once, not on every frame.
    public let base64: [UInt8]

    public init(id: UInt32, png: [UInt8]) {
        self.id = id
        self.png = png
        base64 = FrameImage.base64(of: png)
    }

    /// The picture over a rectangle of a frame, or `nil` when its bytes are no PNG file.
    public func image(at slot: ArtworkSlot, row: Int = 0, column: Int = 0) -> FrameImage? {
        FrameImage(
            id: id, png: png, base64: base64, row: slot.row + row, column: slot.column + column, columns: slot.columns,
            rows: slot.rows)
    }
}

/// Where a screen shows artwork: a rectangle of cells, and the pixel size to ask for to fill it.
public struct ArtworkSlot: Equatable, Sendable {
    public let row: Int
    public let column: Int
    public let columns: Int
    public let rows: Int

    /// The fewest columns a picture is drawn in; narrower, none is.
    public static let minimumColumns = 8
    /// The most: a larger picture costs more to send than it adds.
    public static let maximumColumns = 40

    /// The largest slot that fits `availableColumns` × `availableRows` from (`row`, `column`),
    /// square on a terminal whose cells are twice as high as they are wide; `nil` when it would be
    /// narrower than `minimumColumns`.
    public init?(row: Int, column: Int, availableColumns: Int, availableRows: Int) {
        let columns = min(Self.maximumColumns, availableColumns, availableRows * 2)
        guard columns >= Self.minimumColumns else { return nil }
        self.row = row
        self.column = column
        self.columns = columns
        rows = max(1, columns / 2)
    }

    /// The pixels to ask for: about ten a column, in steps of 50, so that a few widths share one
    /// picture.
    public var pixelSize: Int {
        (columns * 10 + 49) / 50 * 50
    }
}
