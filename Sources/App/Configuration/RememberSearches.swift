/// The `remember` setting: which searches are kept among the recent searches.
enum RememberSearches: String, CaseIterable, Equatable, Sendable {
    /// Every search that finds videos.
    case always
    /// The sessions' searches, and one-shot searches whose output is a terminal: not a script's
    /// (`mvsearch clairo | cut -f1`), which would fill the recent searches with its terms.
    case terminal
    /// None.
    case never

    /// - Parameters:
    ///   - isSession: Whether the run is a session (`-i`, `--pick`, no term on a terminal).
    ///   - outputIsTerminal: Whether standard output is a terminal.
    /// - Returns: Whether the run's searches are kept.
    func remembers(isSession: Bool, outputIsTerminal: Bool) -> Bool {
        switch self {
        case .always: true
        case .terminal: isSession || outputIsTerminal
        case .never: false
        }
    }
}
