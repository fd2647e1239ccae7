import Domain
import Foundation
import Networking

/// Music videos from the iTunes Search API.
public struct DefaultMusicVideosRepository: MusicVideosRepository {
    private let dataTransferService: any DataTransferService

    /// - Parameter dataTransferService: Requests and decodes endpoints.
    public init(dataTransferService: any DataTransferService) {
        self.dataTransferService = dataTransferService
    }

    public func searchMusicVideos(query: MusicVideoQuery) async throws(MusicVideoError) -> MusicVideoPage {
        let endpoint = APIEndpoints.searchMusicVideos(with: MusicVideosRequestDTO(query: query))
        do {
            return try await dataTransferService.request(endpoint).toDomain(query: query)
        } catch {
            throw MusicVideoError(error)
        }
    }
}
