import Foundation
import TerminalUI

/// The line session's commands, for `?` and `help`: each screen's own and the session's, one a
/// line, the command first.
public enum InteractiveHelp {
    /// The commands and what they do, in the order shown.
    public static let commands: [(command: String, action: String)] = [
        ("words", "search for them (on the first screen)"),
        ("/words", "search for the words from any screen, even a command (/q searches for \"q\")"),
        ("a number", "open that row; on the first screen, search again for that recent search"),
        ("n / p", "the next / previous page of a list"),
        ("r", "try a page that failed to load again"),
        ("p", "play the preview (on a video's details)"),
        ("x", "stop the preview that plays"),
        ("o", "open the video's page in the browser (on a video's details)"),
        ("a", "the artist's music videos (on a video's details)"),
        ("m", "more like this: the video's collection's, then its artist's (on a video's details)"),
        ("b", "back one screen"),
        ("s", "a new search"),
        ("? or help", "this help"),
        ("q", "quit (the end of input, Ctrl-D, quits too)"),
    ]

    /// The help as written to the session's output: a heading, then one command a line.
    /// - Parameter style: Colour or none, for the heading.
    /// - Returns: The text, ending in a line break.
    public static func text(style: TextStyle) -> String {
        let width = commands.map { DisplayWidth.of($0.command) }.max() ?? 0
        var text = style.bold("Commands (type one, then Enter)") + "\n"
        for (command, action) in commands {
            text += "  " + DisplayWidth.pad(command, toWidth: width) + "  " + action + "\n"
        }
        return text
    }
}
