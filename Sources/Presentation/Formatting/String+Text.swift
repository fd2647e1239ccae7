// Plain string helpers on the standard library alone. Foundation's `trimmingCharacters(in:)`
// and `contains(_:)` for strings come from swift-corelibs-foundation on Linux, and using either
// links all of it (CoreFoundation and ICU's data) into the static binary.

extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks) at either end.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    /// Whether `text` occurs in this text, compared character by character.
    package func includes(_ text: some StringProtocol) -> Bool {
        indices.contains { self[$0...].starts(with: text) } || text.isEmpty
    }
}
