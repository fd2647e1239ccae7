import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts another program for the user — a browser, a media player — and lets it run on its
/// own: directly, never through a shell, so no argument is ever interpreted.
///
/// It leaves the program nothing of ours: standard streams on `/dev/null`, no other descriptor
/// (not a terminal's wake pipe, not a transfer's socket), every signal at its default and none
/// blocked, and a process group of its own, so that Ctrl-C or a closed terminal that ends this
/// program does not end it. It is reaped when it ends.
public enum DetachedProcess {
    /// The first executable file called `name` in the folders of a `PATH`-style search path.
    /// - Parameters:
    ///   - name: A program's name (no `/`).
    ///   - searchPath: Folders separated by `:`.
    /// - Returns: Its path, or `nil` when no folder holds one.
    public static func executable(named name: String, inSearchPath searchPath: String) -> String? {
        guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return searchPath.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name).path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts the program at `path` with `arguments`.
    /// - Returns: `false` when it could not be started.
    public static func start(_ path: String, arguments: [String]) -> Bool {
        #if canImport(Glibc)
            return spawn(path, arguments: arguments)
        #else
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return (try? process.run()) != nil
        #endif
    }

    #if canImport(Glibc)
        /// `posix_spawn`, not Foundation's `Process`, which would link the whole of
        /// swift-corelibs-foundation into the static binary.
        private static func spawn(_ path: String, arguments: [String]) -> Bool {
            var actions = posix_spawn_file_actions_t()
            guard posix_spawn_file_actions_init(&actions) == 0 else { return false }
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            SpawnRequest.closeInherited(by: &actions)
            var attributes = posix_spawnattr_t()
            guard posix_spawnattr_init(&attributes) == 0 else { return false }
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setpgroup(&attributes, 0)
            let flags = SpawnRequest.startSignalsAtDefault(&attributes) | Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var child = pid_t()
            guard posix_spawn(&child, path, &actions, &attributes, argv, environ) == 0 else { return false }
            let started = child
            DetachedThread.start {
                var status: Int32 = 0
                while waitpid(started, &status, 0) == -1 && errno == EINTR {}
            }
            return true
        }
    #endif
}
