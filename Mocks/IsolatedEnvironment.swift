import Foundation

/// An environment for a whole run of the app in a test: cache, state and settings folders of its
/// own, under a new temporary folder, with `extra` on top. With an empty environment the app
/// falls back to the user's home (from the system, not `HOME`): every test would then read the
/// user's settings file and share the request budget's ledger in `~/.cache` with each other and
/// with every other run on the machine, whose requests could spend it (the budget then refuses
/// the test's request: 75).
/// - Parameter extra: Variables the test sets; they win over the folders.
/// - Returns: The environment to give `Application`.
public func isolatedEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-test-\(UUID().uuidString)")
    let environment = [
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
    ]
    return environment.merging(extra) { $1 }
}
