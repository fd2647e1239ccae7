import Domain
import Foundation
import TerminalUI

/// What a key asks of the selected video, on every screen that shows one (results, charts,
/// details): the coordinator does it — starts the player, puts the URL on the clipboard — and
/// says what came of it in the status line.
public enum VideoRequest: Equatable, Sendable {
    /// `p`: play the preview clip (or stop it, when it plays).
    case playPreview
    /// `x`: stop the preview that plays.
    case stopPreview
    /// `y`: copy the video's page URL.
    case copyPageURL
    /// `Y`: copy the preview clip's URL.
    case copyPreviewURL

    /// - Parameter key: A key typed on a screen showing a video.
    public init?(key: Key) {
        switch key {
        case .character("p"): self = .playPreview
        case .character("x"): self = .stopPreview
        case .character("y"): self = .copyPageURL
        case .character("Y"): self = .copyPreviewURL
        default: return nil
        }
    }

    /// What the status line says when the video has nothing for the request, in the words of
    /// the other notices (`this video has no web page to open`): what it lacks, then what the key
    /// would have done with it.
    public var unavailable: String {
        switch self {
        case .playPreview: "this video has no preview to play"
        case .stopPreview: "no preview is playing"
        case .copyPageURL: "this video has no web page to copy"
        case .copyPreviewURL: "this video has no preview to copy"
        }
    }

    /// The help overlay's lines for these keys.
    public static let help: [(key: String, action: String)] = [
        ("p", "play the preview"),
        ("y  Y", "copy the page / preview URL"),
    ]
}

/// A row that stands for one music video: `p`, `y` and `Y` act on it.
public protocol MusicVideoRow {
    var musicVideo: MusicVideo? { get }
}

extension MusicVideosListItemViewModel: MusicVideoRow {
    public var musicVideo: MusicVideo? { video }
}

extension RankedRow: MusicVideoRow where Row: MusicVideoRow {
    public var musicVideo: MusicVideo? { row.musicVideo }
}

extension FullScreenHost {
    /// Hosts that act on no video (tests, the benchmark) ignore the request.
    public func didAsk(_ request: VideoRequest, about video: MusicVideo) {}
}
