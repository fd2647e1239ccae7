import Foundation
import Networking
import Platform
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// Opens web pages for the user.
protocol URLOpening: Sendable {
    /// - Parameter url: An http(s) URL.
    /// - Returns: `false` when no browser could be started.
    func open(_ url: URL) -> Bool
}

/// The desktop's opener — `open` on macOS, `xdg-open` elsewhere — started directly, never through
/// a shell, and only for http(s) URLs of at most `maximumURLBytes` (a longer one is no page a
/// browser opens, and the system refuses an argument over 128 KiB).
struct SystemBrowser: URLOpening {
    static let maximumURLBytes = 32 * 1024

    let environment: [String: String]

    /// What to say when a page could not be opened: its address is too long, or no browser started.
    static func failure(opening url: URL) -> String {
        let bytes = url.absoluteString.utf8.count
        guard bytes <= maximumURLBytes else {
            return
                "the page's address is \(bytes) bytes long, too long to pass to a browser (at most \(maximumURLBytes))"
                + " — open the video from the store's web site instead"
        }
        return
            "cannot start a browser — the page is \(TerminalSanitizer.excerpt(url.absoluteString, maximumCharacters: 200))"
    }

    func open(_ url: URL) -> Bool {
        guard url.absoluteString.utf8.count <= Self.maximumURLBytes,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let opener = Self.opener(in: environment["PATH"] ?? "/usr/bin:/bin")
        else { return false }
        #if canImport(Glibc)
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

    #if canImport(Glibc)
        /// Starts the opener as a process of its own, and reaps it when it ends. (Foundation's
        /// `Process` would link the whole of swift-corelibs-foundation into the static binary.)
        ///
        /// Like `Process`, it leaves the opener nothing of mvsearch's: standard streams on
        /// `/dev/null`, no other descriptor (not the terminal's wake pipe, not a transfer's
        /// socket), every signal at its default and none blocked, and a process group of its own,
        /// so that Ctrl-C or a closed terminal that ends mvsearch does not end the browser.
        private static func spawn(_ path: String, argument: String) -> Bool {
            var actions = posix_spawn_file_actions_t()
            guard posix_spawn_file_actions_init(&actions) == 0 else { return false }
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            closeInherited(by: &actions)
            var attributes = posix_spawnattr_t()
            guard posix_spawnattr_init(&attributes) == 0 else { return false }
            defer { posix_spawnattr_destroy(&attributes) }
            var every = sigset_t()
            sigfillset(&every)
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigdefault(&attributes, &every)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
            let arguments = [strdup(path), strdup(argument), nil]
            defer { for argument in arguments { free(argument) } }
            var child = pid_t()
            guard posix_spawn(&child, path, &actions, &attributes, arguments, environ) == 0 else { return false }
            let started = child
            DetachedThread.start {
                var status: Int32 = 0
                while waitpid(started, &status, 0) == -1 && errno == EINTR {}
            }
            return true
        }

        /// Closes every descriptor from 3 up in the child: with glibc's
        /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module does not
        /// declare it), else one by one, those open now.
        private static func closeInherited(by actions: inout posix_spawn_file_actions_t) {
            if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 && fcntl(descriptor, F_GETFD) != -1 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }

        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: AddCloseFrom.self)
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
