import Domain
import Foundation
import TerminalUI

/// Turns one video into the text written for it. The DI container chooses one per output format.
public protocol MusicVideoDetailsRenderer: Sendable {
    /// - Parameter video: The video.
    /// - Returns: The complete text, ending with a line break.
    func render(_ video: MusicVideo) -> String
}

/// Every field as an aligned `Label  value` line; labels bold when colour is on.
public struct MusicVideoDetailsTextRenderer: MusicVideoDetailsRenderer {
    private let style: TextStyle

    public init(style: TextStyle = .plain) {
        self.style = style
    }

    public func render(_ video: MusicVideo) -> String {
        MusicVideoDetailsFormatter.text(for: MusicVideoDetailsFormatter.rows(for: video), style: style)
    }
}

/// The video as a one-row list, so plain and JSON details read like list output.
public struct MusicVideoAsListRenderer: MusicVideoDetailsRenderer {
    private let list: any ListRenderer<MusicVideosListItemViewModel>

    /// - Parameter list: The list format to write the video in.
    public init(list: any ListRenderer<MusicVideosListItemViewModel>) {
        self.list = list
    }

    public func render(_ video: MusicVideo) -> String {
        list.render([MusicVideosListItemViewModel(video: video)])
    }
}
