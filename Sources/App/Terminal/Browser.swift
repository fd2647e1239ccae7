import Foundation

/// Opens web pages for the user.
protocol URLOpening: Sendable {
    /// - Parameter url: An http(s) URL.
    /// - Returns: `false` when no browser could be started.
    func open(_ url: URL) -> Bool
}

/// The desktop's opener — `open` on macOS, `xdg-open` elsewhere — started directly, never through
/// a shell, and only for http(s) URLs.
struct SystemBrowser: URLOpening {
    let environment: [String: String]

    func open(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let opener = Self.opener(in: environment["PATH"] ?? "/usr/bin:/bin")
        else { return false }
        let process = Process()
        process.executableURL = opener
        process.arguments = [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (try? process.run()) != nil
    }

    private static func opener(in path: String) -> URL? {
        #if os(macOS)
            let name = "open"
        #else
            let name = "xdg-open"
        #endif
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
