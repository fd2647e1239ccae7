import Testing

/// A failed run as the contract wants it: the status, nothing on stdout, and exactly one
/// `mvsearch: …` line on stderr mentioning `mentions` (anything, when it is empty).
func expectOneLine(
    _ result: MVSearchProcess.Result, status: Int32, mentions: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("mvsearch: "), sourceLocation: sourceLocation)
    #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(mentions.isEmpty || result.stderr.contains(mentions), "\(result.stderr)", sourceLocation: sourceLocation)
}
