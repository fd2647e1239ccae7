import Foundation
import TerminalUI

/// The `images` setting: whether the full-screen session shows artwork, and with which protocol.
enum ImagesSetting: String, CaseIterable, Equatable, Sendable {
    /// Where the environment names a terminal known to show pictures (`TerminalGraphics.detect`).
    case auto
    /// Never (`--no-images`).
    case off
    /// The kitty graphics protocol, whatever the environment says (a terminal it does not name).
    case kitty
    /// iTerm2's inline images, whatever the environment says.
    case iterm2

    /// The protocol the session draws pictures with here, or `nil` for none.
    /// - Parameter environment: The process environment.
    func graphics(environment: [String: String]) -> TerminalGraphics? {
        switch self {
        case .auto: TerminalGraphics.detect(environment: environment)
        case .off: nil
        case .kitty: .kitty
        case .iterm2: .iTerm2
        }
    }
}
