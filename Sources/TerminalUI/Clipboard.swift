/// Puts text on the clipboard through the terminal: OSC 52 (`ESC ] 52 ; c ; base64 BEL`), which
/// xterm, kitty, WezTerm, iTerm2, Alacritty, foot and Windows Terminal honour, and tmux with
/// `set-clipboard on`; it works over ssh, since the terminal on the user's desk does the copying.
/// A terminal that does not know it ignores it. The sequence is written to the terminal on its
/// own, never inside a frame's text.
public enum Clipboard {
    /// Most terminals drop a longer sequence (xterm's default limit is about 100 KB of base64).
    public static let maximumBytes = 64 * 1024

    /// - Parameter text: What to copy.
    /// - Returns: The sequence that copies it, or `nil` when it is longer than `maximumBytes`.
    public static func copySequence(for text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else { return nil }
        return Array("\u{1B}]52;c;".utf8) + base64(bytes) + [0x07]
    }

    /// Standard base64 with padding (RFC 4648 §4).
    public static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for slot in 0..<4 {
                out.append(slot <= count ? alphabet[Int((group >> (18 - 6 * UInt32(slot))) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return out
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
}
