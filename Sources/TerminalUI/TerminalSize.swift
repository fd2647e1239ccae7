import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The width of the terminal, in columns.
public enum TerminalSize {
    public static let fallbackColumns = 80

    /// - Parameters:
    ///   - fileDescriptor: A terminal to ask, or `nil`.
    ///   - environment: For `COLUMNS` when the terminal cannot say.
    /// - Returns: The terminal's width, else `COLUMNS`, else 80.
    public static func columns(of fileDescriptor: Int32?, environment: [String: String]) -> Int {
        if let fileDescriptor {
            var size = winsize()
            if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Int(size.ws_col)
            }
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        return fallbackColumns
    }
}
