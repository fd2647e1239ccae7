import Dispatch
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An invariant an input broke: said in words, with the input shown by the runner.
struct FuzzViolation: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// What one target's run did: the figures `Tests/Fuzz/run` prints and docs/reliability.md quotes.
struct FuzzReport: CustomStringConvertible {
    var target: String
    var seed: UInt64
    var iterations = 0
    var seconds = 0.0
    var slowestSeconds = 0.0
    var violations = 0
    var residentGrowthBytes = 0
    /// How many inputs ended each way (`value`, or the error's kind): the parser was reached.
    var outcomes: [String: Int] = [:]

    var description: String {
        let kinds = outcomes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "fuzz \(target): seed \(seed), \(iterations) inputs in \(String(format: "%.1f", seconds)) s, "
            + "slowest \(String(format: "%.4f", slowestSeconds)) s, \(violations) violations, "
            + "resident +\(residentGrowthBytes / 1024) KiB; outcomes: \(kinds)"
    }
}

/// Runs one target: makes each input from the seed, the target's name and the iteration number
/// alone (so any input is made again from those), checks it, and times it. A crash or a hang ends
/// the process, so the runner leaves word of the input first: a signal handler (on its own stack,
/// for a stack overflow) and a watchdog print the iteration and the command that makes it again.
enum Fuzzer {
    /// Runs `check` on `iterations` inputs made by `make`, until the time is up.
    /// - Parameters:
    ///   - make: The input of one iteration, from its own generator.
    ///   - check: Throws `FuzzViolation` for a broken invariant; otherwise names the outcome.
    @discardableResult
    static func run(
        _ target: String, settings: FuzzSettings = .current, file: StaticString = #filePath, line: UInt = #line,
        make: (inout FuzzRandom) -> [UInt8], check: ([UInt8]) throws -> String
    ) -> FuzzReport {
        CrashWitness.install()
        CrashWitness.begin(target: target, seed: settings.seed)
        defer { CrashWitness.end() }
        var report = FuzzReport(target: target, seed: settings.seed)
        let residentBefore = residentBytes()
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(settings.seconds * 1e9)
        Watchdog.shared.arm(hangSeconds: settings.hangSeconds)
        for iteration in settings.first..<(settings.first + settings.iterations) {
            var random = FuzzRandom(seed: settings.seed, target: target, iteration: iteration)
            CrashWitness.record(iteration: iteration, input: [])  // a death while making it is its too
            let input = make(&random)
            CrashWitness.record(iteration: iteration, input: input)
            let before = DispatchTime.now().uptimeNanoseconds
            Watchdog.shared.started(at: before)
            do {
                let outcome = try check(input)
                report.outcomes[outcome, default: 0] += 1
            } catch {
                report.violations += 1
                if report.violations <= 5 {
                    XCTFail(
                        "fuzz \(target) seed \(settings.seed) iteration \(iteration): \(error); input "
                            + CrashWitness.hex(input.prefix(512)), file: file, line: line)
                }
            }
            let after = DispatchTime.now().uptimeNanoseconds
            Watchdog.shared.finished()
            report.iterations += 1
            let seconds = Double(after - before) / 1e9
            report.slowestSeconds = max(report.slowestSeconds, seconds)
            if seconds > settings.hangSeconds / 4 {
                XCTFail(
                    "fuzz \(target) seed \(settings.seed) iteration \(iteration): one input took \(seconds) s",
                    file: file, line: line)
            }
            if after > deadline { break }
        }
        Watchdog.shared.disarm()
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        report.residentGrowthBytes = max(0, residentBytes() - residentBefore)
        XCTAssertLessThan(
            report.residentGrowthBytes, 512 << 20, "fuzz \(target): memory grew over the run", file: file, line: line)
        FileHandle.standardError.write(Data((report.description + "\n").utf8))
        if let path = settings.reportPath, let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data((report.description + "\n").utf8))
            try? handle.close()
        }
        return report
    }

    /// The process's resident memory now, in bytes (Linux; 0 elsewhere).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
