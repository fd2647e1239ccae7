import Domain
import Foundation

extension MusicArtistResultDTO {
    /// The row as a `MusicArtist`, or `nil` when it is not an artist or lacks an id or a name.
    func toDomain() -> MusicArtist? {
        guard wrapperType == "artist", let artistId, let artistName else { return nil }
        return MusicArtist(id: artistId, name: artistName, genre: primaryGenreName, url: artistLinkUrl?.url)
    }
}
