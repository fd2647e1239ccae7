import Foundation
import Presentation

/// The full-screen session's screens, bottom (the search screen) to top, and what `s` left
/// behind the search screen for Esc there to bring back.
@MainActor
struct ScreenStack {
    private(set) var views: [any FullScreenView] = []
    /// What `s` left behind the search screen: Esc there brings it back.
    private(set) var behindSearch: [any FullScreenView] = []
    /// The search screen, at the bottom.
    weak var searchView: FullScreenSearchView?

    var top: (any FullScreenView)? { views.last }
    var count: Int { views.count }
    /// The screen below the top one.
    var belowTop: (any FullScreenView)? { views.dropLast().last }
    var isOnSearch: Bool { top != nil && top === searchView }

    /// Puts `view` on top; from the search screen, a new screen forgets what `s` left behind it.
    mutating func push(_ view: any FullScreenView) {
        if isOnSearch { forgetBehindSearch() }
        views.append(view)
    }

    /// Takes the top screen off, unless it is the last. - Returns: it.
    mutating func pop() -> (any FullScreenView)? {
        guard views.count > 1 else { return nil }
        return views.removeLast()
    }

    /// `s`: the search screen, keeping the screens above it. - Returns: those screens.
    mutating func popToSearch() -> [any FullScreenView] {
        guard views.count > 1 else { return [] }
        behindSearch = Array(views.dropFirst())
        views.removeSubrange(1...)
        searchView?.hasResultsBehind = true
        return behindSearch
    }

    /// Esc on the search screen after `s`: the screens it came from. - Returns: them.
    mutating func returnToResults() -> [any FullScreenView] {
        let back = behindSearch
        views += back
        forgetBehindSearch()
        return back
    }

    mutating func forgetBehindSearch() {
        behindSearch = []
        searchView?.hasResultsBehind = false
    }
}
