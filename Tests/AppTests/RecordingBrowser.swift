import Foundation
import Mocks

@testable import App

/// A browser that records what it was asked to open.
final class RecordingBrowser: URLOpening {
    let opened = Locked<[URL]>([])
    let succeeds: Bool

    init(succeeds: Bool = true) {
        self.succeeds = succeeds
    }

    func open(_ url: URL) -> Bool {
        opened.withLock { $0.append(url) }
        return succeeds
    }
}
