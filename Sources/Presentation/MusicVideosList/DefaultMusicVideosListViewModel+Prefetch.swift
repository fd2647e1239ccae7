import Domain
import Foundation

/// The next page, fetched in the background while the user reads this one.
extension DefaultMusicVideosListViewModel {
    /// Fetches the next page in the background when the user's view is within one screen of the
    /// last row loaded: one fetch at a time, none while a page loads, none after one failed (until
    /// the user reaches the end), none while the service asks to wait.
    func startPrefetchIfNear() {
        guard prefetchesNextPage, prefetch == nil, prefetchFailure == nil, loader.isIdle, !isLastPage,
            let next = page?.nextPageQuery, let viewport,
            viewport.row >= itemsSubject.value.count - viewport.rowsOnScreen
        else { return }
        if let quietUntil, now() < quietUntil { return }
        let useCase = searchUseCase
        prefetchCount += 1
        let number = prefetchCount
        let task = Task { [weak self] () -> Result<MusicVideoPage, CatalogError> in
            let result: Result<MusicVideoPage, CatalogError>
            do throws(CatalogError) {
                result = .success(try await useCase.execute(query: next))
            } catch {
                result = .failure(error)
            }
            self?.prefetched(number, result)
            return result
        }
        prefetch = Prefetch(number: number, query: next, task: task)
    }

    /// A background fetch ended: a list that keeps its pages adds the rows at once; one that
    /// shows a page at a time keeps them for `didLoadNextPage`. A failure is kept, unsaid.
    private func prefetched(_ number: Int, _ result: Result<MusicVideoPage, CatalogError>) {
        guard let current = prefetch, current.number == number else { return }  // taken by a load, or cancelled
        switch result {
        case .failure(.cancelled):
            prefetch = nil
        case .failure(let error):
            prefetch = nil
            prefetchFailure = (current.query, error)
            holdBack(after: error)
        case .success(let next) where keepsLoadedPages:
            prefetch = nil
            if next.videos.isEmpty {
                isLastPage = true
                if hasNextPageSubject.value { hasNextPageSubject.send(false) }
            } else {
                show(.page(next), appending: true)
            }
        case .success:
            break
        }
    }

    func cancelPrefetch(keeping kept: Task<Result<MusicVideoPage, CatalogError>, Never>? = nil) {
        if let task = prefetch?.task, task != kept { task.cancel() }
        prefetch = nil
    }
}
