import Domain
import Foundation
import Reactive

/// Shows one video: given at creation (from a list) or fetched by its track id.
@MainActor
public final class DefaultMusicVideoDetailsViewModel: MusicVideoDetailsViewModel {
    private let fetchUseCase: any FetchMusicVideoUseCase
    private let actions: MusicVideoDetailsViewModelActions?

    private let videoSubject: CurrentValueSubject<MusicVideo?, Never>
    private let rowsSubject: CurrentValueSubject<[MusicVideoDetailRow], Never>
    private let isLoadingSubject = CurrentValueSubject<Bool, Never>(false)
    private let notFoundSubject = PassthroughSubject<MusicVideo.ID, Never>()
    private let errorSubject = PassthroughSubject<CatalogError, Never>()
    private let noticeSubject = PassthroughSubject<String, Never>()
    private let request = RequestTask<MusicVideo?>()

    public let video: AnyPublisher<MusicVideo?, Never>
    public let rows: AnyPublisher<[MusicVideoDetailRow], Never>
    public let isLoading: AnyPublisher<Bool, Never>
    public let notFound: AnyPublisher<MusicVideo.ID, Never>
    public let error: AnyPublisher<CatalogError, Never>
    public let notice: AnyPublisher<String, Never>

    /// - Parameters:
    ///   - video: The video, when already known.
    ///   - fetchUseCase: Fetches a video by id.
    ///   - actions: Navigation; `nil` where the screen leads nowhere (one-shot output).
    public init(
        video: MusicVideo? = nil,
        fetchUseCase: any FetchMusicVideoUseCase,
        actions: MusicVideoDetailsViewModelActions? = nil
    ) {
        self.fetchUseCase = fetchUseCase
        self.actions = actions
        videoSubject = CurrentValueSubject(video)
        rowsSubject = CurrentValueSubject(video.map(MusicVideoDetailsFormatter.rows(for:)) ?? [])
        self.video = videoSubject.eraseToAnyPublisher()
        rows = rowsSubject.eraseToAnyPublisher()
        isLoading = isLoadingSubject.eraseToAnyPublisher()
        notFound = notFoundSubject.eraseToAnyPublisher()
        error = errorSubject.eraseToAnyPublisher()
        notice = noticeSubject.eraseToAnyPublisher()
    }

    public func didLoad(query: MusicVideoLookupQuery) async {
        await didLoad(query: query, known: nil)
    }

    public func didLoad(query: MusicVideoLookupQuery, known: MusicVideo?) async {
        let useCase = fetchUseCase
        isLoadingSubject.send(true)
        let result = await request.run { () async throws(CatalogError) in try await useCase.execute(query: query) }
        isLoadingSubject.send(false)
        switch result {
        case .success(let video?)?:
            videoSubject.send(video)
            rowsSubject.send(MusicVideoDetailsFormatter.rows(for: video))
        case .success(nil)?:
            show(known)
            notFoundSubject.send(query.id)
        case .failure(let error)?:
            show(known)
            errorSubject.send(error)
        case nil:
            break
        }
    }

    /// What a list's row said of the video, when the lookup could not say more: shown rather
    /// than nothing (its title, artist, page, id…).
    private func show(_ known: MusicVideo?) {
        guard let known, videoSubject.value == nil else { return }
        videoSubject.send(known)
        rowsSubject.send(MusicVideoDetailsFormatter.rows(for: known))
    }

    public func didOpenInBrowser() {
        guard let url = videoSubject.value?.trackURL, ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            noticeSubject.send("this video has no web page to open")
            return
        }
        actions?.openInBrowser(url)
    }

    public func didPlayPreview() {
        if let video = videoSubject.value { actions?.playPreview(video) }
    }

    public func didShowArtistVideos() {
        guard let video = videoSubject.value, let artistID = video.artistID else {
            noticeSubject.send("the store does not say who the artist is")
            return
        }
        actions?.showArtistVideos(artistID, video.artistName)
    }

    public func didShowRelatedVideos() {
        if let video = videoSubject.value { actions?.showRelatedVideos(video) }
    }

    public func didCancel() {
        request.cancel()
    }
}
