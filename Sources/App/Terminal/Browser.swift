import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
        #if canImport(Glibc) || canImport(Musl)
            return Self.spawn(opener.path, argument: url.absoluteString)
        #else
            let process = Process()
            process.executableURL = opener
            process.arguments = [url.absoluteString]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return (try? process.run()) != nil
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
        /// Starts the opener with its standard streams on `/dev/null`, and reaps it when it ends.
        /// (Foundation's `Process` would link the whole of swift-corelibs-foundation into the
        /// static binary.)
        private static func spawn(_ path: String, argument: String) -> Bool {
            var actions = posix_spawn_file_actions_t()
            guard posix_spawn_file_actions_init(&actions) == 0 else { return false }
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            let arguments = [strdup(path), strdup(argument), nil]
            defer { for argument in arguments { free(argument) } }
            var child = pid_t()
            guard posix_spawn(&child, path, &actions, nil, arguments, environ) == 0 else { return false }
            let started = child
            DetachedThread.start {
                var status: Int32 = 0
                while waitpid(started, &status, 0) == -1 && errno == EINTR {}
            }
            return true
        }
    #endif

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
