import Domain
import Foundation

/// Writes a video's details when they are known, and failures as one line each on the
/// diagnostics output. In JSON or plain format the video is written as a one-item list.
@MainActor
public final class MusicVideoDetailsView {
    private let output: any TextOutput
    private let diagnostics: any TextOutput
    private let diagnosticPrefix: String
    private let format: MusicVideosListFormat
    private let jsonFields: [MusicVideoJSONField]
    private let style: TextStyle
    private let activityIndicator: any ActivityIndicator
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The video to show.
    ///   - format: `table` writes labelled lines; the others write a one-item list.
    ///   - jsonFields: The keys of the JSON object, in order.
    ///   - style: Colour or none.
    ///   - output: The details go here.
    ///   - diagnostics: Messages go here.
    ///   - diagnosticPrefix: Put before every message.
    ///   - activityIndicator: Shown while the video loads.
    public init(
        viewModel: any MusicVideoDetailsViewModel,
        format: MusicVideosListFormat,
        jsonFields: [MusicVideoJSONField] = MusicVideoJSONField.allCases,
        style: TextStyle,
        output: any TextOutput,
        diagnostics: any TextOutput,
        diagnosticPrefix: String = "",
        activityIndicator: any ActivityIndicator = HiddenActivityIndicator()
    ) {
        self.output = output
        self.diagnostics = diagnostics
        self.diagnosticPrefix = diagnosticPrefix
        self.format = format
        self.jsonFields = jsonFields
        self.style = style
        self.activityIndicator = activityIndicator
        bind(to: viewModel)
    }

    /// Writes the video again (a screen shown once more after going back).
    public func show(_ video: MusicVideo) {
        output.write(text(for: video))
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
                self?.report("no music video has the id \(id) — check the id, or try another --country")
            }
            .store(in: &subscriptions)
        viewModel.error
            .sink { [weak self] error in self?.report(MusicVideoErrorMessage.text(for: error)) }
            .store(in: &subscriptions)
        viewModel.notice
            .sink { [weak self] notice in self?.report(notice) }
            .store(in: &subscriptions)
    }

    private func text(for video: MusicVideo) -> String {
        let item = MusicVideosListItemViewModel(video: video)
        switch format {
        case .table:
            return MusicVideoDetailsFormatter.text(for: MusicVideoDetailsFormatter.rows(for: video), style: style)
        case .plain: return MusicVideosPlainRenderer().render([item])
        case .json: return MusicVideosJSONRenderer(fields: jsonFields).render([item])
        case .jsonl: return MusicVideosJSONRenderer(fields: jsonFields, layout: .lines).render([item])
        }
    }

    private func report(_ message: String) {
        diagnostics.write(diagnosticPrefix + message + "\n")
    }
}
