import Domain
import Foundation
import Presentation
import TerminalUI

/// What the sessions do when the user asks to play or copy a video's URL, and how they say it.
extension SessionNavigation {
    /// Plays the video's preview clip in the user's player (streamed, never saved), and says
    /// which player started or why none did.
    func playPreview(of video: MusicVideo) {
        guard let url = video.previewURL else {
            report("this video has no preview to play")
            return
        }
        report(container.player.play(url).message)
    }
}

/// Copying a video's URL to the clipboard through the terminal (OSC 52).
enum URLCopy {
    /// - Parameters:
    ///   - url: The URL, whole; `nil` when the video has none.
    ///   - what: What it is (`page URL`), for the status line.
    ///   - write: Writes the sequence to the terminal, outside any frame; `false` when it could not.
    /// - Returns: What the status line says.
    static func copy(_ url: URL?, what: String, write: ([UInt8]) -> Bool) -> String {
        guard let url else { return "this video has no \(what) to copy" }
        guard let sequence = Clipboard.copySequence(for: url.absoluteString) else {
            return "the \(what) is too long to copy"
        }
        return write(sequence) ? "copied the \(what)" : "cannot copy the \(what) — the terminal could not be written"
    }
}
