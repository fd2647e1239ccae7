import Foundation

/// What a `QueuePlayer` plays: an address, and whatever its user keeps with it (a title to show).
/// Two queues are the same queue when their items are equal.
public protocol Playable: Equatable, Sendable {
    /// The address handed to the player: only http(s) ones are played.
    var url: URL { get }
}
