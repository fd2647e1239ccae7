import Foundation

/// One key in a status line's list of keys (`q quit`), and how it gives way on a narrow
/// terminal: first every label shortens, then the keys that may go go from the last (the keys
/// are listed by importance), and the keys that may not go (`q`, `?`, Esc) stay — at the
/// narrowest with their labels dropped from the last.
public struct KeyHint: Equatable, Sendable {
    public let key: String
    public let label: String
    /// The label when room is short (`back` for `back to the results`); the label itself when `nil`.
    public let shortLabel: String?
    /// Never dropped.
    public let isEssential: Bool

    /// - Parameters:
    ///   - key: What to press: `Enter`, `↑/↓`, `q`.
    ///   - label: What it does; empty for a key that says it all (`open row 12…`).
    ///   - short: A shorter label.
    ///   - essential: Never dropped.
    public init(_ key: String, _ label: String, short: String? = nil, essential: Bool = false) {
        self.key = key
        self.label = label
        shortLabel = short
        isEssential = essential
    }

    private static let separator = " · "

    /// The keys as one line at most `width` columns wide, in their order: the full labels when
    /// they fit, else the short ones, else without the last keys that may go, one at a time; then
    /// the essential keys lose their labels from the last. Wider than `width` only when the bare
    /// essential keys do not fit.
    public static func fit(_ hints: [KeyHint], width: Int) -> String {
        func line(_ hints: [KeyHint], short: Bool, bareFrom: Int = .max) -> String {
            hints.enumerated().map { index, hint in
                let label = index >= bareFrom ? "" : short ? (hint.shortLabel ?? hint.label) : hint.label
                return label.isEmpty ? hint.key : hint.key + " " + label
            }.joined(separator: separator)
        }
        let full = line(hints, short: false)
        if DisplayWidth.of(full) <= width { return full }
        var kept = hints
        while true {
            let shortened = line(kept, short: true)
            if DisplayWidth.of(shortened) <= width { return shortened }
            guard let last = kept.lastIndex(where: { !$0.isEssential }) else { break }
            kept.remove(at: last)
        }
        for bareFrom in kept.indices.reversed() {
            let shortened = line(kept, short: true, bareFrom: bareFrom)
            if DisplayWidth.of(shortened) <= width || bareFrom == 0 { return shortened }
        }
        return ""
    }

    /// The line's keys as they read in full, for messages that name them.
    public static func text(_ hints: [KeyHint]) -> String {
        fit(hints, width: .max)
    }
}
