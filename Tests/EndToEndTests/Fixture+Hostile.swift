import Foundation
import Mocks

extension Fixture {
    /// An answer whose only row carries every kind of hostile text.
    static let hostile = Data(
        #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"music-video","trackId":66,"artistName":"Evil\u001b]0;pwned\u0007 Artist","trackName":"Title\u001b[2J\r\u0000over\u009b31m\u202egnp.exe","trackViewUrl":"https://music.apple.com/us/music-video/x/66","releaseDate":"2020-01-01T08:00:00Z","trackTimeMillis":60000}]}"#
            .utf8)
}
