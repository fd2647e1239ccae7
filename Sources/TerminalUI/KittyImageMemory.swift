import Synchronization

/// What a kitty terminal holds of the pictures sent to it: the ids whose bytes it keeps, so that
/// a picture shown again (a row visited again, the pane toggled, a repaint after SIGCONT or a new
/// size) is placed again by id instead of sent again whole. Bounded like the terminal's own memory
/// should be: past `maximumImages` pictures or `maximumBytes` of them, the least recently shown
/// are freed (`a=d,d=I`). A picture counts as held only once a frame that sent it was written
/// whole — the encoder learns that from the next frame's `previous` — so a frame cut short sends
/// its pictures again.
public final class KittyImageMemory: Sendable {
    /// The most pictures the terminal is asked to keep.
    public static let maximumImages = 32
    /// The most PNG bytes the terminal is asked to keep.
    public static let maximumBytes = 32 << 20

    private struct State {
        /// Held ids and their sizes, least recently shown first.
        var held: [(id: UInt32, bytes: Int)] = []
        /// Sent by the last frame, not yet known to have arrived.
        var pending: [(id: UInt32, bytes: Int)] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The ids held, now that `previous` is known to be what the terminal shows: the pictures it
    /// shows are held (the last frame's sent ones arrived); `nil` (unknown: a repaint) drops those
    /// whose frame may not have been written whole.
    func settle(previous: Frame?) -> Set<UInt32> {
        state.withLock { state in
            let shown = previous?.images ?? []
            for image in shown where !state.held.contains(where: { $0.id == image.id }) {
                state.held.append((image.id, image.png.count))
            }
            state.pending.removeAll()
            return Set(state.held.map(\.id))
        }
    }

    /// Notes the pictures a frame sends and shows, and returns the ids to free so that the rest fit
    /// the bounds: the least recently shown, never one in `shown`.
    func record(sent: [FrameImage], shown: [FrameImage]) -> [UInt32] {
        state.withLock { state in
            let shownIDs = Set(shown.map(\.id))
            // Shown now: the most recently used.
            let touched = state.held.filter { shownIDs.contains($0.id) }
            state.held.removeAll { shownIDs.contains($0.id) }
            state.held += touched
            state.pending = sent.map { ($0.id, $0.png.count) }
            var evicted: [UInt32] = []
            func total() -> (count: Int, bytes: Int) {
                let all = state.held + state.pending
                return (all.count, all.reduce(0) { $0 + $1.bytes })
            }
            while total().count > Self.maximumImages || total().bytes > Self.maximumBytes,
                let oldest = state.held.firstIndex(where: { !shownIDs.contains($0.id) })
            {
                evicted.append(state.held.remove(at: oldest).id)
            }
            return evicted
        }
    }

    /// The terminal freed every picture (the program left it, deleting them all): send again.
    public func forget() {
        state.withLock { state in
            state.held.removeAll()
            state.pending.removeAll()
        }
    }

    /// The ids held, least recently shown first (for tests).
    var heldIDs: [UInt32] { state.withLock { $0.held.map(\.id) } }
}
