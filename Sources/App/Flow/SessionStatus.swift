import Foundation
import Presentation
import TerminalUI

/// The status line's words besides the keys: the last key's notice, the spinner, and the wait on
/// screen with what happens meanwhile and its seconds.
@MainActor
final class SessionStatus {
    /// What the last key did, when it says something (`there is no row 9`); cleared by the next key.
    var notice: String?
    private(set) var spinnerTick = 0
    /// The wait on screen and when it began, for its elapsed seconds.
    private var wait: (view: ObjectIdentifier, activity: String, start: ContinuousClock.Instant)?
    /// What happens meanwhile in the wait on screen (`HTTP 503, retrying 2 of 3`), sanitised.
    private var activityDetail: String?
    /// The clock the elapsed seconds are read from (tests set one).
    var now: @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// The message shown over `view`: the last key's notice, then the screen's own (why its load
    /// failed), so that a key's notice never hides that reason (issue 27 item 5).
    func message(over view: (any FullScreenView)?) -> String? {
        guard let notice = notice.map({ offering($0, over: view) }) else { return view?.message }
        guard let lasting = view?.message, lasting != notice else { return notice }
        return notice + " · " + lasting
    }

    /// What the status line says while a preview plays over `view`: `▶ 4Ever — Clairo · x stop`,
    /// or without its `x stop` where `x` does not stop it (a text field, where it is a letter).
    func playing(_ line: String?, over view: (any FullScreenView)?) -> String? {
        line.map { offering($0, over: view) }
    }

    /// `message` as it is, or without the stop key it ends with where that key does not stop
    /// what plays: only a screen whose help lists `x` (and takes no text) has it.
    private func offering(_ message: String, over view: (any FullScreenView)?) -> String {
        guard message.hasSuffix(PreviewPlayback.stopHint) else { return message }
        let stops =
            view.map { view in
                !view.capturesText
                    && view.help.contains { $0.key.split(separator: " ").contains(Substring(PreviewPlayback.stopKey)) }
            } ?? false
        return stops ? message : String(message.dropLast(PreviewPlayback.stopHint.count))
    }

    func report(_ message: String) {
        notice = TerminalSanitizer.sanitize(message)
    }

    /// Clears the last key's notice. - Returns: whether there was one.
    func clearNotice() -> Bool {
        defer { notice = nil }
        return notice != nil
    }

    func tick() { spinnerTick += 1 }

    func showActivityDetail(_ detail: String?) {
        activityDetail = detail.map(TerminalSanitizer.sanitize)
    }

    /// The wait on screen: what the view waits for, the detail reported for it, and the seconds
    /// since it began (a new wait, or another screen's, starts again from 0).
    func activityLine(of view: any FullScreenView) -> FullScreenChrome.ActivityLine? {
        guard let activity = view.activity else {
            wait = nil
            activityDetail = nil
            return nil
        }
        let id = ObjectIdentifier(view)
        if wait?.view != id || wait?.activity != activity {
            if wait != nil { activityDetail = nil }
            wait = (id, activity, now())
        }
        let elapsed = wait.map { now() - $0.start } ?? .zero
        return FullScreenChrome.ActivityLine(
            activity, detail: activityDetail, elapsedSeconds: Int(elapsed.components.seconds))
    }
}
