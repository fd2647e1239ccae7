import Foundation

/// The recorded iTunes answers of `../shared/itunes/fixtures`, byte for byte, for any test target.
public enum Fixture {
    /// - Parameter name: The file name without `.json`, e.g. `search-musicvideo-clairo`.
    /// - Returns: The file's bytes.
    /// - Throws: `CocoaError(.fileNoSuchFile)` when there is no such fixture.
    public static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
