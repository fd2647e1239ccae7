import Data
import Domain
import Presentation

/// The artist search (`--artists`).
extension MusicVideosSceneDIContainer {
    func makeMusicArtistsRepository() -> any MusicArtistsRepository {
        dependencies.services.makeMusicArtistsRepository()
    }

    func makeMusicArtistsListViewModel(actions: MusicArtistsListViewModelActions? = nil)
        -> any MusicArtistsListViewModel
    {
        DefaultMusicArtistsListViewModel(
            searchUseCase: DefaultSearchMusicArtistsUseCase(repository: makeMusicArtistsRepository()), actions: actions)
    }
}
