import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `posix_spawn` of a `SupervisedProcess` (or a program fed its input): standard input on
/// `input` (else `/dev/null`), standard output and error on `output` (else `/dev/null`), a new
/// session (so a new process group and no controlling terminal), every signal at its default and
/// none blocked, no other descriptor inherited.
///
/// `posix_spawn`, not Foundation's `Process`, which would link the whole of
/// swift-corelibs-foundation into the static binary and cannot start a session.
struct SpawnRequest {
    let path: String
    let arguments: [String]
    var input: Int32?
    var output: Int32?

    #if canImport(Darwin)
        private static let newSession = Int32(POSIX_SPAWN_SETSID) | Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #else
        /// glibc 2.26 and later; Swift's Glibc module may not declare it.
        private static let newSession: Int32 = 0x80
    #endif

    /// - Returns: The child's process id, or why it could not be started.
    func spawn() -> Result<Int32, SupervisedProcess.Failure> {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        guard posix_spawn_file_actions_init(&actions) == 0 else { return .failure(.refused(errno)) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { return .failure(.refused(errno)) }
        defer { posix_spawnattr_destroy(&attributes) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for descriptor: Int32 in 1...2 {
            if let output {
                posix_spawn_file_actions_adddup2(&actions, output, descriptor)
            } else {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            }
        }
        #if canImport(Glibc)
            Self.closeInherited(by: &actions)
        #endif
        let flags = Self.startSignalsAtDefault(&attributes) | Self.newSession
        posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child = pid_t()
        let result = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        switch result {
        case 0: return .success(child)
        case ENOENT, ENOTDIR: return .failure(.missing)
        case EACCES, ENOEXEC, EPERM: return .failure(.notExecutable)
        default: return .failure(.refused(result))
        }
    }

    #if canImport(Darwin)
        typealias Attributes = posix_spawnattr_t?
    #else
        typealias Attributes = posix_spawnattr_t
    #endif

    /// Has the child start with every signal at its default action and none blocked, whatever
    /// this process ignores or blocks.
    /// - Returns: The flags that make `posix_spawn` do it, for `posix_spawnattr_setflags`.
    static func startSignalsAtDefault(_ attributes: inout Attributes) -> Int32 {
        var every = sigset_t()
        sigfillset(&every)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setsigmask(&attributes, &none)
        return Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
    }

    #if canImport(Glibc)
        /// Closes every descriptor from 3 up in the child: with glibc's
        /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), else those open now, one by one.
        static func closeInherited(by actions: inout posix_spawn_file_actions_t) {
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
}
