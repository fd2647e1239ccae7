import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Leaves word of the input being checked when the process dies of it: the target, seed and
/// iteration (enough to make it again) and its first bytes in hex, written by a signal handler
/// with `write(2)` alone from buffers filled before the input runs.
enum CrashWitness {
    private static let capacity = 4096
    nonisolated(unsafe) private static let header = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
    nonisolated(unsafe) private static var headerLength = 0
    nonisolated(unsafe) private static let input = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var inputLength = 0
    nonisolated(unsafe) private static var iteration = 0
    nonisolated(unsafe) private static var active = false
    private static let installed = Mutex(false)

    /// Installs the handlers, once: SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT.
    static func install() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            var stack = stack_t()
            stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
            stack.ss_size = 1 << 16
            stack.ss_flags = 0
            sigaltstack(&stack, nil)
            for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
                var action = sigaction()
                #if canImport(Glibc)
                    action.__sigaction_handler.sa_handler = handle
                #else
                    action.__sigaction_u.__sa_handler = handle
                #endif
                action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
                sigaction(signal, &action, nil)
            }
        }
    }

    /// From now on, a death is this target's.
    static func begin(target: String, seed: UInt64) {
        let text = Array("\nfuzz: \(target) seed \(seed) died at iteration ".utf8.prefix(500))
        text.withUnsafeBufferPointer { header.update(from: $0.baseAddress.unsafelyUnwrapped, count: text.count) }
        headerLength = text.count
        active = true
    }

    /// The input about to run.
    static func record(iteration: Int, input bytes: [UInt8]) {
        self.iteration = iteration
        let count = min(bytes.count, capacity)
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { input.update(from: base, count: count) }
        }
        inputLength = count
    }

    static func end() { active = false }

    /// The death's report, to standard error: also what the watchdog writes before it ends a hang.
    static func report() {
        guard active else { return }
        _ = write(2, header, headerLength)
        var digits = [UInt8](repeating: 0, count: 24)
        var value = iteration
        var index = digits.count
        repeat {
            index -= 1
            digits[index] = UInt8(48 + value % 10)
            value /= 10
        } while value > 0 && index > 0
        digits.withUnsafeBufferPointer { _ = write(2, $0.baseAddress.unsafelyUnwrapped + index, digits.count - index) }
        let again = Array(" (make it again: Tests/Fuzz/run --seed SEED --first ITERATION --iterations 1); input: ".utf8)
        again.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
        let hexDigits = Array("0123456789abcdef".utf8)
        var pair: (UInt8, UInt8) = (0, 0)
        for offset in 0..<inputLength {
            pair = (hexDigits[Int(input[offset] >> 4)], hexDigits[Int(input[offset] & 0xF)])
            withUnsafeBytes(of: &pair) { _ = write(2, $0.baseAddress, 2) }
        }
        _ = write(2, "\n", 1)
    }

    /// Bytes in hex, for failure messages.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

/// The handler: the report, then the signal's own action (`SA_RESETHAND` restored it).
private func handle(_ signal: Int32) {
    CrashWitness.report()
    raise(signal)
}
