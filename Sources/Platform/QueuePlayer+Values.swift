extension QueuePlayer {
    /// Where a queue is: the item that plays, its place in the queue (from 0) and the queue's length.
    public struct Position: Equatable, Sendable {
        /// The item that plays.
        public let item: Item
        /// Its place in the queue, from 0.
        public let index: Int
        /// How many items the queue has.
        public let count: Int

        /// - Parameters:
        ///   - item: The item that plays.
        ///   - index: Its place in the queue, from 0.
        ///   - count: How many items the queue has.
        public init(item: Item, index: Int, count: Int) {
            self.item = item
            self.index = index
            self.count = count
        }
    }

    /// What came of asking to play a queue, at once.
    public enum Outcome: Equatable, Sendable {
        /// The player (its name, as given: sanitise it before showing it) is starting on the
        /// queue's first item; `count` items in all.
        case starting(player: String, item: Item, count: Int)
        /// That very queue played already: it was stopped instead (its player ended).
        case stopped(item: Item)
        /// An address is not http(s), or too long to pass: nothing was started, nothing stopped.
        case refused
        /// The command's program is not there (or vanished before it could be started).
        case missing(program: String)
        /// The command's program is there but may not be run.
        case notExecutable(program: String)
        /// The system would not start the player (its `errno`).
        case cannotStart(program: String, error: Int32)
        /// The command has a quote that is never closed: nothing was started.
        case unterminatedQuote(command: String)
        /// No command set and no known player on the search path: nothing was started (the
        /// caller may offer something else, such as the browser).
        case noPlayer
    }

    /// What came of a queue later, told to the `report` given to `play(_:report:)`, on another
    /// thread. Never told for a queue stopped or replaced by `play(_:report:)` or `stop()`.
    public enum Event: Equatable, Sendable {
        /// The player is still running `startingTime` after it started on this item.
        case playing(Position)
        /// The player played an item through, but could not be started on the next one
        /// (`missing`, `notExecutable` or `cannotStart`): the queue ends there.
        case nextFailed(Outcome)
        /// The queue ended: its last item played through, or the player failed (exited with
        /// another status, was ended by a signal, or ended sooner than `startingTime` after it
        /// started — `atOnce` — which means it did not play at all). `player` is its name, as
        /// given (sanitise it before showing it); `firstLine`, the first line it wrote (its reason
        /// for failing), if any.
        case ended(player: String, ending: SupervisedProcess.Ending, atOnce: Bool, firstLine: String?)
    }
}
