// Plain string helpers on the standard library alone. Foundation's `trimmingCharacters(in:)`,
// `contains(_:)` and `range(of:)` for strings come from swift-corelibs-foundation on Linux, and
// using any of them links all of it (CoreFoundation and ICU's data) into the static binary.

extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks) at either end, scalar by
    /// scalar: combining marks after a space are kept (a character of a space and marks counts as
    /// white space, which would take the marks with it).
    public func trimmingWhitespace() -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// An IPv6 literal's address without the brackets around it (`[::1]` → `::1`).
    public func trimmingBrackets() -> String {
        trimming { $0 == "[" || $0 == "]" }
    }

    /// Whether `text` occurs in this text, compared character by character.
    public func includes(_ text: some StringProtocol) -> Bool {
        indices.contains { self[$0...].starts(with: text) } || text.isEmpty
    }

    private func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
