import Domain
import Foundation
import Synchronization

/// Saves terms in the background, one after another, so a search's results are written before
/// the save waits for the history's lock; reading or clearing waits for the saves first. The
/// run calls `finishSaving()` before it exits, so no term is lost.
public final class BackgroundSavingRecentSearchesRepository: RecentSearchesRepository, Sendable {
    private let wrapped: any RecentSearchesRepository
    /// The last save started; each waits for the one before.
    private let pending = Mutex<Task<Void, Never>?>(nil)

    /// - Parameter wrapped: Where terms are kept.
    public init(wrapping wrapped: any RecentSearchesRepository) {
        self.wrapped = wrapped
    }

    public func recentSearches() async -> [String] {
        await finishSaving()
        return await wrapped.recentSearches()
    }

    /// Starts saving the term and returns at once.
    public func save(_ term: String) async {
        let wrapped = wrapped
        pending.withLock { pending in
            let previous = pending
            pending = Task {
                await previous?.value
                await wrapped.save(term)
            }
        }
    }

    public func clear() async throws(RecentSearchesError) {
        await finishSaving()
        try await wrapped.clear()
    }

    /// Returns when every term given to `save` has been saved (or given up on).
    public func finishSaving() async {
        await pending.withLock { $0 }?.value
    }
}
