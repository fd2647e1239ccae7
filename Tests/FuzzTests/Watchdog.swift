import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the process when one input runs longer than the hang limit, after the crash witness has
/// said which input it was: a hang cannot be interrupted in process, and must not pass as slow.
final class Watchdog: Sendable {
    static let shared = Watchdog()

    /// When the current input started (uptime nanoseconds); 0 between inputs.
    private let startedAt = Atomic<UInt64>(0)
    private let limit = Atomic<UInt64>(0)
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    func arm(hangSeconds: Double) {
        limit.store(UInt64(hangSeconds * 1e9), ordering: .relaxed)
        timer.withLock { timer in
            guard timer == nil else { return }
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + 0.5, repeating: 0.5)
            source.setEventHandler { [self] in check() }
            source.resume()
            timer = source
        }
    }

    func started(at nanoseconds: UInt64) { startedAt.store(nanoseconds, ordering: .relaxed) }
    func finished() { startedAt.store(0, ordering: .relaxed) }

    func disarm() {
        finished()
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    private func check() {
        let started = startedAt.load(ordering: .relaxed)
        guard started != 0, DispatchTime.now().uptimeNanoseconds > started + limit.load(ordering: .relaxed) else {
            return
        }
        let message = Array("\nfuzz: one input ran past the hang limit\n".utf8)
        message.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
        CrashWitness.report()
        _exit(124)
    }
}
