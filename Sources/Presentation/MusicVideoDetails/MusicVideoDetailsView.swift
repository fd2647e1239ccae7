import Domain
import Foundation
import Reactive
import TerminalUI

/// Writes a video's details when they are known, with the renderer it is given (labelled lines,
/// or a one-row list for plain and JSON), and failures as one line each on the diagnostics output.
@MainActor
public final class MusicVideoDetailsView {
    private let output: any TextOutput
    private let diagnostics: any TextOutput
    private let diagnosticPrefix: String
    private let renderer: any MusicVideoDetailsRenderer
    private let hintPhrasing: any HintPhrasing
    private let activityIndicator: any ActivityIndicator
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The video to show.
    ///   - renderer: Writes the video.
    ///   - output: The details go here.
    ///   - diagnostics: Messages go here.
    ///   - diagnosticPrefix: Put before every message.
    ///   - activityIndicator: Shown while the video loads.
    ///   - hintPhrasing: How the hints of messages are worded where the details are shown.
    public init(
        viewModel: any MusicVideoDetailsViewModel,
        renderer: any MusicVideoDetailsRenderer,
        output: any TextOutput,
        diagnostics: any TextOutput,
        diagnosticPrefix: String = "",
        activityIndicator: any ActivityIndicator = HiddenActivityIndicator(),
        hintPhrasing: any HintPhrasing = PlainHintPhrasing()
    ) {
        self.output = output
        self.diagnostics = diagnostics
        self.diagnosticPrefix = diagnosticPrefix
        self.renderer = renderer
        self.hintPhrasing = hintPhrasing
        self.activityIndicator = activityIndicator
        bind(to: viewModel)
    }

    /// Writes the video again (a screen shown once more after going back).
    public func show(_ video: MusicVideo) {
        output.write(renderer.render(video))
    }

    private func bind(to viewModel: any MusicVideoDetailsViewModel) {
        viewModel.isLoading
            .sink { [activityIndicator] isLoading in
                if isLoading { activityIndicator.start(message: "Looking up") } else { activityIndicator.stop() }
            }
            .store(in: &subscriptions)
        viewModel.video
            .sink { [weak self] video in
                guard let self, let video else { return }
                show(video)
            }
            .store(in: &subscriptions)
        viewModel.notFound
            .sink { [weak self] id in
                self?.report(UserMessage("no music video has the id \(id)", hint: .checkIDOrCountry))
            }
            .store(in: &subscriptions)
        viewModel.error
            .sink { [weak self] error in self?.report(CatalogErrorMessage.message(for: error)) }
            .store(in: &subscriptions)
        viewModel.notice
            .sink { [weak self] notice in self?.report(notice) }
            .store(in: &subscriptions)
    }

    private func report(_ message: UserMessage) {
        report(message.text(phrasing: hintPhrasing))
    }

    private func report(_ message: String) {
        diagnostics.write(diagnosticPrefix + message + "\n")
    }
}
