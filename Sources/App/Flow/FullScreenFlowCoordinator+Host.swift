import Domain
import Foundation
import Presentation
import TerminalUI

/// What the screens ask of the session (`FullScreenHost`), and the picker's rows.
extension FullScreenFlowCoordinator {
    func setNeedsDisplay() {
        onNeedsDisplay?()
    }

    func report(_ message: String) {
        status.report(message)
        setNeedsDisplay()
    }

    func perform(_ work: @escaping @MainActor () async -> Void) {
        // The retries of the load's requests are said in the status line while it waits.
        tasks.perform(work, progress: { [weak self] in self?.showActivityDetail($0) })
        setNeedsDisplay()
    }

    /// Waits until every request the screens started has finished (tests script keys with it).
    func waitUntilIdle() async {
        await tasks.waitUntilIdle()
    }

    func didAsk(_ request: VideoRequest, about video: MusicVideo) {
        let write: @MainActor @Sendable ([UInt8]) -> Bool = { [weak self] bytes in
            self?.writeToTerminal?(bytes) ?? false
        }
        // `p` with rows marked plays them in order (from a video's details, those of the list below).
        let onTop = screens.top?.markedVideos ?? []
        let marked = onTop.isEmpty ? screens.belowTop?.markedVideos ?? [] : onTop
        if request == .playPreview, !marked.isEmpty {
            playPreviews(of: marked)
        } else {
            perform(request, on: video, write: write)
        }
    }

    // MARK: The picker

    func didPick(_ rows: PickedRows) {
        guard isPicking else { return }
        // fzf's Enter takes the marked rows wherever the cursor is: here, those of every list on
        // the stack (the results', then an artist's over them), bottom first; the row Enter was
        // pressed on only when none is marked.
        let marked = stack.compactMap(\.markedRows)
        guard let first = marked.first else {
            picked = rows
            return
        }
        guard let all = marked.dropFirst().reduce(first, { $0?.followed(by: $1) }) else {
            return report("the rows marked on the chart and on this list are written differently — unmark one list's")
        }
        picked = all
    }

    var markedBelow: Int { stack.dropLast().compactMap(\.markedRows).reduce(0) { $0 + $1.count } }

    func rowBelow(of video: MusicVideo) -> PickedRows? { screens.belowTop?.pickedRow(of: video) }
}
