import Dispatch
import Platform

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

/// The desktop's own clipboard, through its command: `pbcopy` on macOS; `wl-copy` under Wayland
/// (`WAYLAND_DISPLAY`), `xclip -selection clipboard` or `xsel --clipboard --input` under X11
/// (`DISPLAY`). None over ssh (`SSH_CONNECTION`, `SSH_TTY`): the clipboard that command fills is
/// the remote machine's, not the one on the user's desk — OSC 52 reaches that one.
public struct LocalClipboard: Equatable, Sendable {
    /// The program's path and its arguments.
    public let command: [String]

    /// The clipboard command that works here, if any.
    /// - Parameter environment: The process's environment (`PATH` and the variables above).
    public init?(environment: [String: String]) {
        let isSet = { (name: String) in !(environment[name] ?? "").isEmpty }
        guard !isSet("SSH_CONNECTION"), !isSet("SSH_TTY") else { return nil }
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        var candidates: [[String]] = []
        #if os(macOS)
            candidates.append(["pbcopy"])
        #endif
        if isSet("WAYLAND_DISPLAY") { candidates.append(["wl-copy"]) }
        if isSet("DISPLAY") {
            candidates += [["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"]]
        }
        for candidate in candidates {
            if let name = candidate.first, let path = DetachedProcess.executable(named: name, inSearchPath: searchPath)
            {
                command = [path] + candidate.dropFirst()
                return
            }
        }
        return nil
    }

    /// How long `copy` waits for the command.
    public static let timeout: DispatchTimeInterval = .seconds(2)

    /// Puts `text` on the clipboard. Blocks until the command has exited (at most `timeout`):
    /// call it off the main thread.
    /// - Returns: Whether the command took it and exited with 0.
    public func copy(_ text: String) -> Bool {
        guard let path = command.first else { return false }
        return DetachedProcess.run(
            path, arguments: Array(command.dropFirst()), input: Array(text.utf8), timeout: Self.timeout)
    }
}
