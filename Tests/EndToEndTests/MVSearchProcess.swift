import Dispatch
import Foundation
import Mocks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `mvsearch` binary and captures what it did.
enum MVSearchProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        let duration: Duration
        /// When the exit was seen, on a thread of its own: unlike the time the awaiting test
        /// resumes, never late for want of a free thread in the cooperative pool.
        let end: ContinuousClock.Instant
    }

    /// A started process whose output is being collected.
    final class Running: @unchecked Sendable {
        let process: Process
        private let output: Drain?
        private let errors: Drain?
        private let start: ContinuousClock.Instant

        fileprivate init(process: Process, output: Drain?, errors: Drain?, start: ContinuousClock.Instant) {
            self.process = process
            self.output = output
            self.errors = errors
            self.start = start
        }

        /// Waits for the exit (killing the process after `timeout`) and collects the output.
        func finish(timeout: TimeInterval = 60) async -> Result {
            await MVSearchProcess.offPool {
                let status = MVSearchProcess.wait(for: self.process, timeout: timeout)
                let end = ContinuousClock.now
                return Result(
                    status: status, stdout: self.output?.text() ?? "", stderr: self.errors?.text() ?? "",
                    duration: end - self.start, end: end)
            }
        }
    }

    /// The executable sits in the products directory, beside the test bundle.
    static var executableURL: URL {
        #if os(macOS)
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("mvsearch")
            }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("mvsearch")
    }

    /// A clean environment for a session on a pseudo-terminal (`TERM=xterm-256color`) whose
    /// requests go to `server`.
    static func terminalEnvironment(asking server: LoopbackHTTPServer) -> [String: String] {
        var environment = Self.environment(["TERM": "xterm-256color"])
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        return environment
    }

    /// A loopback iTunes that answers every request with the recorded Clairo search.
    static func recordedSearchServer() throws -> LoopbackHTTPServer {
        let search = try Fixture.data("search-musicvideo-clairo")
        return try LoopbackHTTPServer { _, _ in .json(search) }
    }

    /// A clean environment: nothing from the developer's shell leaks into a test.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        // State, cache and settings folders of its own, so runs never share recent searches or
        // answers, nor read a settings file another test (or anyone) left under HOME.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-e2e-\(UUID().uuidString)")
        // HOME of its own too, as a user's exists: the temporary folder is shared by every run and
        // anyone may write there, so what mvsearch found under it would be another's.
        let home = folder.appendingPathComponent("home")
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": home.path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// Starts with pipes for stdout and stderr, and stdin from `input` (or none).
    /// - Parameters:
    ///   - closeStdout: Close the reading end of stdout at once, as `| true` does.
    ///   - executable: `mvsearch`, unless another program is under test (a shell).
    static func launch(
        _ arguments: [String],
        environment: [String: String] = environment(),
        input: Data? = nil,
        closeStdout: Bool = false,
        executable: URL = executableURL
    ) throws -> Running {
        let stdin = Pipe()
        let (process, stdout, stderr) = piped(
            executable, arguments, environment, input: input == nil ? FileHandle.nullDevice : stdin)
        let start = ContinuousClock.now
        try process.run()
        if let input {
            try stdin.fileHandleForWriting.write(contentsOf: input)
            try stdin.fileHandleForWriting.close()
        }
        let output: Drain?
        if closeStdout {
            try stdout.fileHandleForReading.close()
            output = nil
        } else {
            output = Drain(stdout.fileHandleForReading)
        }
        return Running(process: process, output: output, errors: Drain(stderr.fileHandleForReading), start: start)
    }

    /// Starts a long-running command with stdout drained and stderr read line by line: the
    /// returned function waits (at most the seconds it is given) for the first line of stderr.
    static func launchReadingFirstErrorLine(_ arguments: [String], environment: [String: String]) throws -> (
        Running, @Sendable (TimeInterval) -> String?
    ) {
        let (process, stdout, stderr) = piped(executableURL, arguments, environment, input: FileHandle.nullDevice)
        let start = ContinuousClock.now
        try process.run()
        let line = FirstLine(stderr.fileHandleForReading)
        return (
            Running(process: process, output: Drain(stdout.fileHandleForReading), errors: nil, start: start),
            { timeout in line.wait(timeout: timeout) }
        )
    }

    /// A process not yet started, its output and errors each into a pipe of its own.
    private static func piped(
        _ executable: URL, _ arguments: [String], _ environment: [String: String], input: Any
    ) -> (process: Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = input
        return (process, stdout, stderr)
    }

    /// Reads a descriptor on a thread of its own; its first line is signalled, the rest dropped.
    fileprivate final class FirstLine: @unchecked Sendable {
        // Unchecked: `line` is written once before `ready` is signalled and read after it.
        private let ready = DispatchSemaphore(value: 0)
        private var line: String?

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                var bytes: [UInt8] = []
                var byte: UInt8 = 0
                var signalled = false
                while true {
                    let count = read(handle.fileDescriptor, &byte, 1)
                    if count < 0 && errno == EINTR { continue }
                    guard count == 1 else { break }
                    if !signalled {
                        if byte == UInt8(ascii: "\n") {
                            line = String(decoding: bytes, as: UTF8.self)
                            signalled = true
                            ready.signal()
                        } else {
                            bytes.append(byte)
                        }
                    }
                }
                if !signalled { ready.signal() }
            }
        }

        func wait(timeout: TimeInterval) -> String? {
            guard ready.wait(timeout: .now() + timeout) == .success else { return nil }
            return line
        }
    }

    /// Runs blocking work on a thread of its own and awaits its result (Mocks' `offPool`).
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await Mocks.offPool(work)
    }

    /// Runs with pipes for stdout and stderr, and stdin from `input` (or none).
    static func run(
        _ arguments: [String],
        environment: [String: String] = environment(),
        input: Data? = nil,
        timeout: TimeInterval = 60,
        executable: URL = executableURL
    ) async throws -> Result {
        try await launch(arguments, environment: environment, input: input, executable: executable)
            .finish(timeout: timeout)
    }

    /// Runs with stdout on a pseudo-terminal `columns` wide, as a user at a terminal would; stderr
    /// goes to a pipe of its own, so a spinner never mixes with the output under test.
    static func runInTerminal(
        _ arguments: [String], columns: UInt16 = 100, environment: [String: String] = environment()
    ) async throws -> Result {
        try await run(arguments, columns: columns, environment: environment, terminalIsStderr: false)
    }

    /// Runs with stderr on a pseudo-terminal `columns` wide, as where a user watches a spinner,
    /// and stdout on a pipe of its own.
    static func runWithErrorsInTerminal(
        _ arguments: [String], columns: UInt16 = 100, environment: [String: String] = environment()
    ) async throws -> Result {
        try await run(arguments, columns: columns, environment: environment, terminalIsStderr: true)
    }

    /// One stream on a pseudo-terminal, the other on a pipe; the terminal's "\r\n" read back as
    /// "\n", so its text compares as written.
    private static func run(
        _ arguments: [String], columns: UInt16, environment: [String: String], terminalIsStderr: Bool
    ) async throws -> Result {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
        let process = Process()
        process.executableURL = executableURL
        process.arguments = arguments
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
        let pipe = Pipe()
        process.standardOutput = terminalIsStderr ? pipe : terminal
        process.standardError = terminalIsStderr ? terminal : pipe
        process.standardInput = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        close(secondary)
        let onTerminal = Drain(FileHandle(fileDescriptor: primary, closeOnDealloc: true))
        let onPipe = Drain(pipe.fileHandleForReading)
        let (status, end) = await offPool { (wait(for: process, timeout: 60), ContinuousClock.now) }
        let terminalText = await offPool { onTerminal.text() }.replacingOccurrences(of: "\r\n", with: "\n")
        let pipeText = await offPool { onPipe.text() }
        return Result(
            status: status, stdout: terminalIsStderr ? pipeText : terminalText,
            stderr: terminalIsStderr ? terminalText : pipeText, duration: end - start, end: end)
    }

    /// Reads a file descriptor to its end on a thread of its own, so a full pipe never blocks the child.
    fileprivate final class Drain: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(handle.fileDescriptor, &buffer, buffer.count)
                    if count > 0 {
                        data.append(contentsOf: buffer[0..<count])
                    } else if count < 0 && errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
                done.signal()
            }
        }

        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The exit status, or -1 when it had to be killed after `timeout`.
    fileprivate static func wait(for process: Process, timeout: TimeInterval) -> Int32 {
        process.waitUntilExit(timeout: timeout) ? process.terminationStatus : -1
    }
}
