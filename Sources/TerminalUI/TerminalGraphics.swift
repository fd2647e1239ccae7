import Foundation

/// How a terminal shows pictures in its cells, when it can.
public enum TerminalGraphics: String, CaseIterable, Sendable {
    /// The kitty graphics protocol (kitty, Ghostty, Konsole): an image is sent once with an id and
    /// placed, moved and deleted by that id; it lies over the cells, apart from the text.
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm): the image is sent whole each time it is drawn and
    /// takes the place of the cells' text.
    case iTerm2 = "iterm2"

    /// The protocol the terminal described by `environment` shows, judged from the variables the
    /// terminals set themselves — never by asking the terminal, so finding it costs nothing and
    /// never waits. `nil` where nothing is known to work: `TERM=dumb`, an unknown terminal, and a
    /// terminal multiplexer (tmux, screen), which passes such sequences on only when configured to
    /// and then to the wrong place, unless a program wraps them for it.
    /// - Parameter environment: The process environment.
    /// - Returns: The protocol, or `nil` for none.
    public static func detect(environment: [String: String]) -> TerminalGraphics? {
        let term = environment["TERM"] ?? ""
        // The Linux console and the dumb terminal draw no pictures, whatever else the environment
        // says (ssh forwards `LC_TERMINAL` from the terminal it was started in).
        guard !term.isEmpty, term != "dumb", term != "linux" else { return nil }
        let insideMultiplexer =
            isSet("TMUX", in: environment) || isSet("STY", in: environment) || isSet("ZELLIJ", in: environment)
            || term.hasPrefix("screen") || term.hasPrefix("tmux")
        guard !insideMultiplexer else { return nil }
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        // WezTerm speaks both; its iTerm2 images are the more complete of the two.
        if program == "wezterm" || isSet("WEZTERM_EXECUTABLE", in: environment) { return .iTerm2 }
        if term == "xterm-kitty" || isSet("KITTY_WINDOW_ID", in: environment) { return .kitty }
        if term == "xterm-ghostty" || program == "ghostty" || isSet("GHOSTTY_RESOURCES_DIR", in: environment) {
            return .kitty
        }
        if isSet("KONSOLE_VERSION", in: environment) { return .kitty }
        if program == "iterm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .iTerm2 }
        return nil
    }

    private static func isSet(_ name: String, in environment: [String: String]) -> Bool {
        !(environment[name] ?? "").isEmpty
    }
}
