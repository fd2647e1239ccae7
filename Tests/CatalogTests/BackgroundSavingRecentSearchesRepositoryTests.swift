import Catalog
import Domain
import Foundation
import Mocks
import Testing

@Suite("Saving recent searches in the background")
struct BackgroundSavingRecentSearchesRepositoryTests {
    /// A store whose saves wait until the test opens the gate, as a held lock would make them.
    private actor GatedRepository: RecentSearchesRepository {
        private(set) var terms: [String] = []
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
        }

        func recentSearches() async -> [String] { terms }

        func save(_ term: String) async {
            if !isOpen { await withCheckedContinuation { waiting.append($0) } }
            terms.insert(term, at: 0)
        }

        func clear() async throws(RecentSearchesError) { terms.removeAll() }
    }

    @Test("save returns before the store has saved; finishSaving waits for every term, in order")
    func savesInOrderAfterwards() async {
        let store = GatedRepository()
        let repository = BackgroundSavingRecentSearchesRepository(wrapping: store)
        await repository.save("first")
        await repository.save("second")
        #expect(await store.terms.isEmpty)
        await store.open()
        await repository.finishSaving()
        #expect(await store.terms == ["second", "first"])
        #expect(await repository.recentSearches() == ["second", "first"])
    }
}
