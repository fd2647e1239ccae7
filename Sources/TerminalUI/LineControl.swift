/// Control sequences for output that is written line by line rather than drawn as frames (a
/// one-line progress indicator on standard error).
public enum LineControl {
    /// Back to the start of the line, and the line erased.
    public static let eraseLine = "\r\u{1B}[2K"
}
