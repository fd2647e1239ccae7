import Domain
import Foundation
import TerminalUI

/// What happens to a list: a key, the mouse, or what its load says (`ListUpdate` takes them all).
public enum ListEvent<Row: ListRowDescribing>: Sendable {
    case key(Key)
    /// A notch of the wheel: rows to move, up negative.
    case wheel(Int)
    /// A click on body line `line`, column `column`; `double` for a double click.
    case click(line: Int, column: Int, double: Bool)
    case loading(ListLoading)
    /// The rows loaded: every row so far (a next page extends them), numbered from `firstNumber`.
    case loaded([Row], firstNumber: Int?)
    case title(String)
    /// Whether more rows follow the last one.
    case morePages(Bool)
    /// A load failed: why, and what an empty list says instead of rows.
    case failed(String)
    /// A load found nothing (or nothing more).
    case nothingFound(String)
    /// Ctrl-C cancelled the load under way.
    case cancelled
    /// The body's size now.
    case resized(ListViewport)
    /// Whether the session picks rows (`--pick`).
    case picking(Bool)
    /// A picture the list wants arrived.
    case pictureLoaded
}

/// What `ListUpdate` asks to be done: the list's view model runs these.
public enum ListEffect: Equatable, Sendable {
    /// The key is not the list's: the session may use it.
    case passed
    /// Enter: open the row at this index of `rows`.
    case open(row: Int)
    case loadNextPage
    case retry
    /// Where the user looks (for fetching the next page in time).
    case viewed(row: Int, rowsOnScreen: Int)
    /// `p`, `y`, `Y` on a video.
    case ask(VideoRequest, MusicVideo)
    /// `o`: the video's page in the browser.
    case openPage(row: Int, MusicVideo)
    /// `a`: the video's artist's videos.
    case showArtist(row: Int, MusicVideo)
    /// `m`: the videos like this one.
    case showRelated(row: Int, MusicVideo)
    /// Enter in the picker: the rows picked (`pickedRows`).
    case pick
    /// A notice for the status line (`there is no row 9`).
    case report(String)
}
