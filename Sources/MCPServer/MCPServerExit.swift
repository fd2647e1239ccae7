/// Why `MCPServer.run()` returned.
public enum MCPServerExit: Sendable, Hashable {
    /// The input ended (or `run()` was cancelled); calls in flight finished or were cancelled.
    case endOfInput
    /// The output was closed (EPIPE or another write failure); calls in flight were cancelled.
    case outputClosed
    /// The client read nothing for the output's stall timeout while answers waited for it
    /// (during the session, or while the last answers went out after its input ended); calls in
    /// flight were cancelled and the answers left were dropped.
    case outputStalled
    /// Reading the input failed with this `errno`; calls in flight were cancelled.
    case inputFailed(errno: Int32)
}
