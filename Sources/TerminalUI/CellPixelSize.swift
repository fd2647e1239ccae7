import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many pixels one cell of the terminal takes, as the terminal reports them in its window size
/// (`TIOCGWINSZ`'s pixel fields: kitty, Konsole, Ghostty, WezTerm and xterm fill them in). A
/// picture drawn over cells keeps its aspect ratio only when the cells' own is known: it is not
/// 1:2 in every terminal and font.
public struct CellPixelSize: Equatable, Sendable {
    public let width: Int
    public let height: Int

    /// `nil` unless both are positive.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
    }

    /// What is assumed where the terminal says nothing: a cell twice as high as wide.
    public static let assumed = CellPixelSize(exactly: 1, 2)

    private init(exactly width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    /// The cell size the terminal on `descriptor` reports; `nil` when it reports no pixels.
    public static func of(descriptor: Int32) -> CellPixelSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return CellPixelSize(
            width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }
}

extension RawTerminal {
    /// The size of one cell in pixels, as the terminal reports it now; `nil` when it does not.
    public var cellPixelSize: CellPixelSize? { CellPixelSize.of(descriptor: output) }
}
