import Domain
import Foundation
import Reactive

/// One video's details: `p` plays its preview, `o` opens its page in the browser, `a` lists the
/// artist's videos, `m` the videos like it.
@MainActor
public final class DetailsScreen: InteractiveScreen {
    private let viewModel: any MusicVideoDetailsViewModel
    private let view: MusicVideoDetailsView
    private var video: MusicVideo?
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The video.
    ///   - view: Writes the details and the screen's messages.
    public init(viewModel: any MusicVideoDetailsViewModel, view: MusicVideoDetailsView) {
        self.viewModel = viewModel
        self.view = view
        viewModel.video.sink { [weak self] in self?.video = $0 }.store(in: &subscriptions)
    }

    public var keys: String { "p play preview · o open in browser · a artist's videos · m more like this" }

    /// Whether there is no video to show (a lookup found none, failed, or was cancelled).
    public var isEmpty: Bool { video == nil }

    public func show() {
        if let video { view.show(video) }
    }

    public func handle(_ input: String) async -> Bool {
        switch input {
        case "p": viewModel.didPlayPreview()
        case "o": viewModel.didOpenInBrowser()
        case "a": viewModel.didShowArtistVideos()
        case "m": viewModel.didShowRelatedVideos()
        default: return false
        }
        return true
    }
}
