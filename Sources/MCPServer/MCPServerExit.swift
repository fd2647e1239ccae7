/// Why `MCPServer.run()` returned.
public enum MCPServerExit: Sendable, Hashable {
    /// The input ended (or `run()` was cancelled); calls in flight finished or were cancelled.
    case endOfInput
    /// The output was closed (EPIPE or another write failure); calls in flight were cancelled.
    case outputClosed
    /// The client read nothing for the output's stall timeout while answers waited for it;
    /// calls in flight were cancelled.
    case outputStalled
    /// Reading the input failed with this `errno`; calls in flight were cancelled.
    case inputFailed(errno: Int32)
}
