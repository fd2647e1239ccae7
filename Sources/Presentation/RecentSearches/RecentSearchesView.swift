import Foundation
import Reactive
import TerminalUI

/// Writes the recent searches once they are loaded, in one piece, with the renderer it is given.
@MainActor
public final class RecentSearchesView {
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The terms.
    ///   - renderer: Lines or JSON.
    ///   - output: Standard output.
    public init(viewModel: any RecentSearchesViewModel, renderer: any RecentSearchesRenderer, output: any TextOutput) {
        viewModel.terms
            .sink { terms in
                guard let terms else { return }
                output.write(renderer.render(terms))
            }
            .store(in: &subscriptions)
    }
}
