import Foundation

/// A picture a frame shows over a rectangle of its cells: PNG bytes, the cells it covers, and an
/// id that names those bytes. Two images with the same id are taken to hold the same bytes — the
/// encoder compares ids, never the bytes, and sends the bytes again only when the id or the
/// rectangle changes. The cells under it are left blank by whoever lays the frame out.
public struct FrameImage: Hashable, Sendable {
    /// Names the bytes: 1 and up, one per distinct picture (the kitty protocol's image id).
    public let id: UInt32
    /// A PNG file, signature checked.
    public let png: [UInt8]
    /// `png` in base64, as both protocols send it: computed once by whoever keeps the picture,
    /// not on every frame.
    public let base64: [UInt8]
    /// The first row and column covered, from 0.
    public var row: Int
    public var column: Int
    /// How many columns and rows the picture is scaled to cover.
    public let columns: Int
    public let rows: Int

    /// The eight bytes every PNG file starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// - Parameter base64: `png` in base64, when the caller keeps it (`FrameImage.base64(of:)`);
    ///   computed here otherwise.
    /// - Returns: `nil` unless `png` starts with the PNG signature and the rectangle has cells, so
    ///   nothing else ever reaches the terminal as a picture.
    public init?(
        id: UInt32, png: [UInt8], base64: [UInt8]? = nil, row: Int, column: Int, columns: Int, rows: Int
    ) {
        guard id > 0, png.starts(with: Self.pngSignature), png.count > Self.pngSignature.count, columns > 0,
            rows > 0, row >= 0, column >= 0
        else { return nil }
        self.id = id
        self.png = png
        self.base64 = base64 ?? Self.base64(of: png)
        self.row = row
        self.column = column
        self.columns = columns
        self.rows = rows
    }

    /// `png` in base64.
    public static func base64(of png: [UInt8]) -> [UInt8] {
        Array(Data(png).base64EncodedString().utf8)
    }

    /// The picture's size in pixels, from its PNG header (`IHDR`, the first chunk); `nil` when the
    /// header is not there.
    public var pixelSize: (width: Int, height: Int)? {
        guard png.count >= 24, png[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// The cells the picture is scaled to so that it keeps its aspect ratio: the most of its
    /// rectangle it fills, from its top left corner, on cells of `cell`'s size (to the nearest cell;
    /// never more than the rectangle). The whole rectangle when its pixel size is unknown.
    public func fittedCells(on cell: CellPixelSize) -> (columns: Int, rows: Int) {
        guard let (width, height) = pixelSize else { return (columns, rows) }
        // Scale: the smaller of width-bound and height-bound, in pixels of the screen.
        let scale = min(Double(columns * cell.width) / Double(width), Double(rows * cell.height) / Double(height))
        let fittedColumns = (Double(width) * scale / Double(cell.width)).rounded()
        let fittedRows = (Double(height) * scale / Double(cell.height)).rounded()
        return (min(columns, max(1, Int(fittedColumns))), min(rows, max(1, Int(fittedRows))))
    }

    /// The rows covered.
    public var rowRange: Range<Int> { row..<(row + rows) }
    /// The columns covered.
    public var columnRange: Range<Int> { column..<(column + columns) }

    /// Whether the two rectangles share a cell.
    public func overlaps(_ other: FrameImage) -> Bool {
        rowRange.overlaps(other.rowRange) && columnRange.overlaps(other.columnRange)
    }

    /// Same id, same place: the bytes are never compared.
    public static func == (lhs: FrameImage, rhs: FrameImage) -> Bool {
        lhs.id == rhs.id && lhs.row == rhs.row && lhs.column == rhs.column && lhs.columns == rhs.columns
            && lhs.rows == rhs.rows
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(row)
        hasher.combine(column)
        hasher.combine(columns)
        hasher.combine(rows)
    }
}
