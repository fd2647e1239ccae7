import Domain
import Foundation
import Reactive
import TerminalUI

/// The first screen: recent searches, numbered; a term or a number starts a search.
@MainActor
public final class SearchScreen: InteractiveScreen {
    private let viewModel: any MusicVideosSearchViewModel
    private let output: any TextOutput
    private let diagnostics: any TextOutput
    private let diagnosticPrefix: String
    private let style: TextStyle
    private var recentSearches: [String] = []
    /// What a search finds, for the heading: `music videos`, `artists`.
    public var searchesFor = "music videos"
    private var subscriptions = Set<AnyCancellable>()

    public init(
        viewModel: any MusicVideosSearchViewModel,
        output: any TextOutput,
        diagnostics: any TextOutput,
        diagnosticPrefix: String,
        style: TextStyle
    ) {
        self.viewModel = viewModel
        self.output = output
        self.diagnostics = diagnostics
        self.diagnosticPrefix = diagnosticPrefix
        self.style = style
        viewModel.recentSearches
            .sink { [weak self] in self?.recentSearches = $0 }
            .store(in: &subscriptions)
        viewModel.notice
            .sink { [diagnostics, diagnosticPrefix] in diagnostics.write(diagnosticPrefix + $0 + "\n") }
            .store(in: &subscriptions)
    }

    public var keys: String {
        recentSearches.isEmpty
            ? "words to search for" : "words to search for, or 1–\(recentSearches.count) to search again"
    }

    public func show() {
        guard !recentSearches.isEmpty else {
            output.write(style.bold("Search " + searchesFor) + "\n")
            return
        }
        let numberWidth = String(recentSearches.count).count
        var text = style.bold("Recent searches") + "\n"
        for (index, term) in recentSearches.enumerated() {
            text +=
                "  " + DisplayWidth.pad(String(index + 1), toWidth: numberWidth, alignRight: true) + "  " + term + "\n"
        }
        output.write(text)
    }

    public func handle(_ input: String) async -> Bool {
        if let number = Int(input) {
            viewModel.didSelectRecentSearch(at: number - 1)
        } else {
            viewModel.didSubmit(term: input)
        }
        return true
    }
}
