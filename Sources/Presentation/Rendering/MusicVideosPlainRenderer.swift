import Foundation

/// One line per video, fields separated by tabs: id, artist, title, year, time, price, URL.
/// Sanitised fields cannot contain a tab or a line break, so every line splits cleanly.
public struct MusicVideosPlainRenderer: MusicVideosListRenderer {
    public init() {}

    public func render(_ items: [MusicVideosListItemViewModel]) -> String {
        var text = ""
        text.reserveCapacity(items.count * 160)
        for item in items {
            let fields = [
                String(item.video.id), item.artist, item.title, item.year, item.duration, item.price, item.url,
            ]
            text += fields.joined(separator: "\t")
            text += "\n"
        }
        return text
    }
}
