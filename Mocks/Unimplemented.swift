import Foundation
import Testing

/// Fails the running test: a double was called where the test set nothing up. Tests state
/// exactly which calls they expect; any other call is a finding, not a silent default.
/// - Parameters:
///   - name: The double and method, e.g. `MockMusicVideosRepository.searchMusicVideos`.
///   - fileID: Where the double was called from (filled in by the compiler).
public func reportUnimplemented(
    _ name: String,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
) {
    Issue.record(
        "Unexpected call to \(name): the test did not set it up",
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
}

/// What an unimplemented double throws where its signature lets it throw any error.
public struct UnimplementedError: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "unimplemented: \(name)" }
}
