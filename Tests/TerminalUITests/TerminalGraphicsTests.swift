import Testing

@testable import TerminalUI

/// Which protocol the environment names: what each terminal family sets, and what vetoes it.
@Suite("Terminal graphics detection")
struct TerminalGraphicsTests {
    @Test(
        "Terminals that set their own variables get their protocol",
        arguments: [
            (["TERM": "xterm-kitty"], TerminalGraphics.kitty),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .kitty),
            (["TERM": "xterm-ghostty"], .kitty),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"], .kitty),
            (["TERM": "xterm-256color", "GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"], .kitty),
            (["TERM": "xterm-256color", "KONSOLE_VERSION": "230402"], .kitty),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iTerm2),
            (["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], .iTerm2),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .iTerm2),
            (["TERM": "wezterm", "WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"], .iTerm2),
        ])
    func known(environment: [String: String], expected: TerminalGraphics) {
        #expect(TerminalGraphics.detect(environment: environment) == expected)
    }

    @Test(
        "Nothing where nothing is known to work: dumb, unknown, no TERM, and inside tmux or screen",
        arguments: [
            ["TERM": "dumb", "KITTY_WINDOW_ID": "1"],
            ["TERM": "xterm-256color"],
            ["TERM": "linux"],
            ["KITTY_WINDOW_ID": "1"],
            ["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"],
            ["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"],
            ["TERM": "screen-256color", "TERM_PROGRAM": "iTerm.app"],
            ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1000/default,1234,0"],
            ["TERM": "xterm-kitty", "STY": "1234.pts-0.host"],
            ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "ZELLIJ": "0"],
            ["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""],
            // The Linux console draws no pictures, whatever ssh forwarded from the Mac it came from.
            ["TERM": "linux", "LC_TERMINAL": "iTerm2"],
            ["TERM": "linux", "TERM_PROGRAM": "iTerm.app", "KONSOLE_VERSION": "230402"],
        ])
    func none(environment: [String: String]) {
        #expect(TerminalGraphics.detect(environment: environment) == nil)
    }
}
