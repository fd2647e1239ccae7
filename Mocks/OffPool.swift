import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking work (a child's exit, a read, a semaphore) on a thread of its own and awaits its
/// result. An async test must never block where it runs: the cooperative pool has about one
/// thread per core (two on CI), so a test blocked there for seconds holds back every other test
/// of the process — whose own waits then run out, and whose timings no longer mean anything.
/// The dispatch pool is no better: URLSession, in other tests of this process, needs it.
/// - Parameter work: The blocking work; it runs once, on a new thread.
/// - Returns: What `work` returned.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

extension Process {
    /// Blocks the calling thread until the process has ended or `timeout` passes; past it, sends
    /// `signal` (SIGKILL unless told) and waits for the end, which then comes at once. Call it
    /// from a thread of its own (`offPool`), or use `exited(within:thenSending:)`.
    /// - Parameters:
    ///   - timeout: Seconds to wait before the signal.
    ///   - signal: What to send at the deadline; `nil` sends nothing and returns at once then.
    /// - Returns: Whether it ended by itself within `timeout`.
    @discardableResult
    public func waitUntilExit(timeout: TimeInterval, thenSending signal: Int32? = SIGKILL) -> Bool {
        let exited = exit
        guard exited.wait(timeout: .now() + timeout) == .timedOut else { return true }
        if let signal {
            kill(processIdentifier, signal)  // even a stopped process ends on SIGKILL
            exited.wait()
        }
        return false
    }

    /// The process's end, waited for by one thread: Foundation's `waitUntilExit()` on two threads
    /// at once races on the process's run-loop state (a wait given up, `thenSending: nil`, and a
    /// later one), which crashed a test run in a later `Process.run`. Every wait here shares it.
    private var exit: DispatchGroup {
        Self.exits.withLock { exits in
            if let known = exits[ObjectIdentifier(self)] { return known.group }
            let group = DispatchGroup()
            group.enter()
            // Kept until its end, so its identifier is never another's meanwhile; let go then, so
            // its pipes close (a run keeping every process open reached 1,500 descriptors).
            exits[ObjectIdentifier(self)] = (self, group)
            Thread.detachNewThread { [self] in
                waitUntilExit()
                _ = Self.exits.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
                group.leave()
            }
            return group
        }
    }

    private static let exits = Mutex<[ObjectIdentifier: (process: Process, group: DispatchGroup)]>([:])

    /// Waits off the cooperative pool until the process has ended, sending `signal` (SIGKILL
    /// unless told) after `timeout` seconds.
    /// - Returns: Whether it ended by itself within `timeout`.
    @discardableResult
    public func exited(within timeout: TimeInterval = 60, thenSending signal: Int32? = SIGKILL) async -> Bool {
        await offPool { self.waitUntilExit(timeout: timeout, thenSending: signal) }
    }

    /// Sends SIGTERM and returns at once; a thread of its own sends SIGKILL if the process has
    /// not ended `killingAfter` seconds later. For a test's `defer`, which cannot await the end
    /// and must not block for it.
    public func terminateInBackground(killingAfter seconds: TimeInterval = 10) {
        guard isRunning else { return }
        kill(processIdentifier, SIGTERM)
        Thread.detachNewThread { [self] in waitUntilExit(timeout: seconds) }
    }
}

extension DispatchSemaphore {
    /// Waits off the cooperative pool for a signal, `seconds` at most.
    /// - Returns: Whether it was signalled in time.
    public func signalled(within seconds: TimeInterval) async -> Bool {
        await offPool { self.wait(timeout: .now() + seconds) == .success }
    }
}
