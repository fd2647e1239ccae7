import Foundation

/// How long and from where a fuzz run goes, from the environment `Tests/Fuzz/run` sets; without
/// it (a plain `swift test`), CI's short run with its fixed seed.
struct FuzzSettings: Sendable {
    /// The seed every input is made from, with its target's name and its iteration number.
    var seed: UInt64
    /// The first iteration (to make one input again: its number, and `iterations` 1).
    var first: Int
    /// How many inputs each target gets, at most.
    var iterations: Int
    /// How long each target runs, at most, in seconds.
    var seconds: Double
    /// The longest one input may take, in seconds: longer is a hang (the watchdog ends the run).
    var hangSeconds: Double
    /// Where each target's figures are appended (one line each), when set.
    var reportPath: String?

    /// CI's run: fixed seed, 1000 inputs a target (15 s a target at most, on a loaded machine).
    static let ci = FuzzSettings(
        seed: 0x6D76_7365_6172_6368, first: 0, iterations: 1000, seconds: 15, hangSeconds: 20, reportPath: nil)

    /// The settings of this process: `MVSEARCH_FUZZ_SEED`, `_FIRST`, `_ITERATIONS`, `_SECONDS`,
    /// `_HANG_SECONDS`, `_REPORT` override CI's.
    static var current: FuzzSettings {
        let environment = ProcessInfo.processInfo.environment
        var settings = ci
        if let text = environment["MVSEARCH_FUZZ_SEED"], let seed = UInt64(text) { settings.seed = seed }
        if let text = environment["MVSEARCH_FUZZ_FIRST"], let first = Int(text) { settings.first = first }
        if let text = environment["MVSEARCH_FUZZ_ITERATIONS"], let count = Int(text) { settings.iterations = count }
        if let text = environment["MVSEARCH_FUZZ_SECONDS"], let seconds = Double(text) { settings.seconds = seconds }
        if let text = environment["MVSEARCH_FUZZ_HANG_SECONDS"], let seconds = Double(text) {
            settings.hangSeconds = seconds
        }
        settings.reportPath = environment["MVSEARCH_FUZZ_REPORT"]
        return settings
    }
}
