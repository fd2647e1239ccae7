import Domain
import Foundation

/// Fetches the artwork a screen wants to show, in the background, and keeps the last few
/// pictures in memory (never on disk: the store's terms allow showing artwork, not keeping it).
///
/// A screen asks for the picture it wants every time it draws (`picture(for:)`): a picture held
/// is returned at once; otherwise one fetch starts after `settle` — so holding ↓ through a list
/// starts none until the selection rests — and a fetch for anything else is cancelled, so at most
/// one runs (two for a moment, while a cancelled one ends). When a picture arrives, `onLoad` asks
/// for a new frame. A fetch that fails is not tried again for that picture in this session.
@MainActor
public final class ArtworkLoader {
    /// A picture wanted: the artwork URL a video names and the pixels to show it at.
    public struct Request: Hashable, Sendable {
        public let url: URL
        public let pixelSize: Int

        public init(url: URL, pixelSize: Int) {
            self.url = url
            self.pixelSize = pixelSize
        }
    }

    private let useCase: any FetchArtworkUseCase
    private let settle: Duration
    private var cache: ArtworkCache
    /// Pictures that could not be had (no PNG form, a failed transfer), oldest first; bounded.
    private var unavailable: [Request] = []
    private static let unavailableLimit = 64
    private var fetch: (request: Request, task: Task<Void, Never>)?
    private var nextID: UInt32 = 1
    /// Called when a picture arrives: a screen that wants it draws again.
    public var onLoad: (@MainActor () -> Void)?

    /// - Parameters:
    ///   - useCase: Fetches a picture.
    ///   - settle: How long a wanted picture must stay wanted before it is fetched.
    ///   - cache: The pictures kept.
    public init(
        useCase: any FetchArtworkUseCase, settle: Duration = .milliseconds(100), cache: ArtworkCache = ArtworkCache()
    ) {
        self.useCase = useCase
        self.settle = settle
        self.cache = cache
    }

    /// The picture for `request` when it is held; otherwise starts fetching it (cancelling any
    /// other fetch) and returns `nil`. `nil` asks for nothing, and cancels a fetch under way.
    public func picture(for request: Request?) -> ArtworkPicture? {
        guard let request else {
            cancel()
            return nil
        }
        if let picture = cache.picture(for: request) { return picture }
        guard fetch?.request != request else { return nil }
        cancel()
        guard !unavailable.contains(request) else { return nil }
        let useCase = useCase
        let settle = settle
        let task = Task { [weak self] in
            if settle > .zero {
                try? await Task.sleep(for: settle)
                guard !Task.isCancelled else { return }
            }
            let result = await Self.fetch(request, with: useCase)
            guard !Task.isCancelled else { return }
            switch result {
            case .success(let artwork): self?.finish(request, with: artwork)
            case .failure(.cancelled): self?.forget(request)  // not this task's cancel: asked again next time
            case .failure: self?.markUnavailable(request)
            }
        }
        fetch = (request, task)
        return nil
    }

    /// The picture for `request` when it is held; asks for nothing (what drawing may call).
    public func held(_ request: ArtworkLoader.Request) -> ArtworkPicture? {
        cache.held(request)
    }

    private nonisolated static func fetch(_ request: Request, with useCase: any FetchArtworkUseCase) async -> Result<
        Artwork?, CatalogError
    > {
        do {
            return .success(try await useCase.execute(url: request.url, pixelSize: request.pixelSize))
        } catch {
            return .failure(error)
        }
    }

    /// Waits for the fetch under way, if any (tests and benchmarks).
    public func waitForFetch() async {
        await fetch?.task.value
    }

    /// Cancels the fetch under way.
    public func cancel() {
        fetch?.task.cancel()
        fetch = nil
    }

    private func finish(_ request: Request, with artwork: Artwork?) {
        if fetch?.request == request { fetch = nil }
        guard let artwork else {
            markUnavailable(request)
            return
        }
        let picture = ArtworkPicture(id: nextID, png: [UInt8](artwork.png))
        nextID = nextID == .max ? 1 : nextID + 1
        cache.insert(picture, for: request)
        onLoad?()
    }

    private func forget(_ request: Request) {
        if fetch?.request == request { fetch = nil }
    }

    private func markUnavailable(_ request: Request) {
        if fetch?.request == request { fetch = nil }
        unavailable.append(request)
        if unavailable.count > Self.unavailableLimit { unavailable.removeFirst() }
    }
}
