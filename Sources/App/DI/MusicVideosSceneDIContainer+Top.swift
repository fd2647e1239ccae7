import Data
import Domain
import Presentation

/// The store's top music videos chart (`--top`).
extension MusicVideosSceneDIContainer {
    func makeMusicVideoChartsRepository() -> any MusicVideoChartsRepository {
        dependencies.services.makeMusicVideoChartsRepository()
    }

    func makeTopMusicVideosViewModel(actions: TopMusicVideosViewModelActions? = nil) -> any TopMusicVideosViewModel {
        DefaultTopMusicVideosViewModel(
            useCase: DefaultFetchTopMusicVideosUseCase(repository: makeMusicVideoChartsRepository()), actions: actions)
    }
}
