import Domain
import Foundation
import Platform
import Presentation
import TerminalUI

/// What the sessions do when the user asks to play, stop or copy a video's URL, and how they say it.
extension SessionNavigation {
    /// Plays the video's preview clip in the user's player (streamed, never saved), in place of
    /// what plays; when that preview plays already, stops it. Says which player started, or why
    /// none did, and later how it ended.
    func playPreview(of video: MusicVideo) {
        guard video.previewURL != nil else {
            report(VideoRequest.playPreview.unavailable)
            return
        }
        playPreviews(of: [video])
    }

    /// Plays the previews of `videos` one after another (the rows marked on a list); videos with
    /// no preview are left out.
    func playPreviews(of videos: [MusicVideo]) {
        let queue = videos.compactMap(PreviewItem.init(video:))
        guard !queue.isEmpty else {
            report(
                videos.count == 1 ? VideoRequest.playPreview.unavailable : "none of these videos has a preview to play")
            return
        }
        report(factory.player.play(queue) { [weak self] in self?.report($0) }.message)
    }

    /// Stops the preview that plays.
    func stopPreview() {
        report(factory.player.stop().message)
    }

    /// Does what a key asked of a video (`p`, `x`, `y`, `Y`) and says what came of it.
    /// - Parameters:
    ///   - request: What was asked.
    ///   - video: The video it was asked of.
    ///   - write: Writes a sequence to the terminal, outside any frame; `false` when it could not.
    func perform(_ request: VideoRequest, on video: MusicVideo, write: @escaping @MainActor ([UInt8]) -> Bool) {
        switch request {
        case .playPreview: playPreview(of: video)
        case .stopPreview: stopPreview()
        case .copyPageURL: copy(video.trackURL, what: "page URL", or: request.unavailable, write: write)
        case .copyPreviewURL: copy(video.previewURL, what: "preview URL", or: request.unavailable, write: write)
        }
    }

    /// Puts a URL on the clipboard: with the desktop's clipboard command where one works here
    /// (then it says "copied"), else by OSC 52 through the terminal (then it says "sent to the
    /// terminal's clipboard": a terminal may ignore it, and nothing tells); without one, says
    /// `unavailable`.
    func copy(_ url: URL?, what: String, or unavailable: String, write: @escaping @MainActor ([UInt8]) -> Bool) {
        guard let url else { return report(unavailable) }
        guard let clipboard = factory.clipboard else {
            return report(URLCopy.send(url, what: what, write: write))
        }
        Task { [weak self] in
            let copied = await URLCopy.copy(url.absoluteString, with: clipboard)
            guard let self else { return }
            self.report(copied ? "copied the \(what)" : URLCopy.send(url, what: what, write: write))
        }
    }
}

extension PreviewItem {
    /// A video's preview, called `4Ever — Clairo`; `nil` when it has none.
    init?(video: MusicVideo) {
        guard let url = video.previewURL else { return nil }
        self.init(url: url, title: video.title + (video.artistName.map { " — " + $0 } ?? ""))
    }
}

/// Copying a video's URL to the clipboard: the desktop's own, or the terminal's (OSC 52).
enum URLCopy {
    /// Sends the URL to the terminal's clipboard with OSC 52.
    /// - Parameters:
    ///   - url: The URL, whole.
    ///   - what: What it is (`page URL`), for the status line.
    ///   - write: Writes the sequence to the terminal, outside any frame; `false` when it could not.
    /// - Returns: What the status line says.
    static func send(_ url: URL, what: String, write: ([UInt8]) -> Bool) -> String {
        guard let sequence = Clipboard.copySequence(for: url.absoluteString) else {
            return "the \(what) is too long to copy"
        }
        return write(sequence)
            ? "sent the \(what) to the terminal's clipboard"
            : "cannot copy the \(what) — the terminal could not be written"
    }

    /// Runs the clipboard's command on a thread of its own (it may take up to its timeout).
    /// - Returns: Whether it took the text.
    static func copy(_ text: String, with clipboard: LocalClipboard) async -> Bool {
        await withCheckedContinuation { continuation in
            let started = DetachedThread.start { continuation.resume(returning: clipboard.copy(text)) }
            if !started { continuation.resume(returning: false) }
        }
    }
}
