import Dispatch
import Foundation
import Mocks
import Synchronization
import Testing

@testable import Platform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("A supervised process: its own session, its output's first line kept, ended with its group")
struct SupervisedProcessTests {
    /// Starts `/bin/sh -c script` and returns it with a semaphore signalled when it has ended.
    private func start(_ script: String) throws -> (SupervisedProcess, DispatchSemaphore) {
        let ended = DispatchSemaphore(value: 0)
        let process = try SupervisedProcess.start("/bin/sh", arguments: ["-c", script]) { _ in ended.signal() }
        return (process, ended)
    }

    /// Whether `descriptor` has something to read (or its end) within 30 s, waited for off the
    /// cooperative pool: a program's start takes seconds on a loaded machine.
    private static func readable(_ descriptor: Int32) async -> Bool {
        await offPool {
            var events = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&events, 1, 30_000) == 1
        }
    }

    @Test("Given a program that writes two lines to stderr and exits 3, then its first line and status are kept")
    func firstLineAndStatus() async throws {
        let (process, ended) = try start("printf '\\n  first: no display\\nsecond\\n' >&2; exit 3")
        #expect(await ended.signalled(within: 30))
        #expect(process.ending == .exited(3))
        #expect(process.firstLine == "  first: no display")
        #expect(!process.wasEnded)
    }

    @Test("Given a program, then it leads a session of its own with no terminal, stdin on /dev/null")
    func ownSessionNoTerminal() async throws {
        // Field 6 of /proc/PID/stat is the session; /dev/tty cannot be opened without a terminal.
        let (process, ended) = try start(
            "test \"$(cut -d' ' -f6 /proc/$$/stat)\" = $$ || { echo not a session leader; exit 4; }; "
                + "( : </dev/tty ) 2>/dev/null && { echo has a terminal; exit 5; }; "
                + "test \"$(readlink /proc/$$/fd/0)\" = /dev/null || { echo stdin is not /dev/null; exit 6; }; exit 0")
        #expect(await ended.signalled(within: 30))
        #expect(process.ending == .exited(0), "first line: \(process.firstLine ?? "none")")
    }

    @Test("Given a program whose child ignores SIGHUP and SIGTERM, when it is ended, then the whole group goes")
    func endEndsTheGroup() async throws {
        // Every process of the group holds a FIFO open: its reader sees the end once all are gone.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("group-\(UUID())").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let (process, ended) = try start(
            "exec 3>'\(fifo)'; echo started >&3; (trap '' HUP TERM; exec sleep 300) & wait")
        #expect(await Self.readable(reader))  // started
        process.end()
        #expect(await ended.signalled(within: 30))
        #expect(process.wasEnded)
        #expect(process.ending == .signalled(SIGTERM))
        var buffer = [UInt8](repeating: 0, count: 64)
        var count = read(reader, &buffer, buffer.count)
        #expect(count == 8)  // "started\n"
        // Then the end, once the child that ignored SIGTERM has been killed with the group.
        #expect(await Self.readable(reader))
        count = read(reader, &buffer, buffer.count)
        #expect(count == 0)
    }

    @Test("Given a path that is not there, or a file that may not be run, then start says which")
    func failures() throws {
        #expect(throws: SupervisedProcess.Failure.missing) {
            try SupervisedProcess.start("/nonexistent/player", arguments: []) { _ in }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-executable-\(UUID())").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("#!/bin/sh\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(throws: SupervisedProcess.Failure.notExecutable) {
            try SupervisedProcess.start(file, arguments: []) { _ in }
        }
    }

    @Test("Given a program fed its input, then it reads it all and its status is reported; one that ignores it fails")
    func detachedRunWithInput() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("copied-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let copied = await offPool {
            DetachedProcess.run(
                "/bin/sh", arguments: ["-c", "cat > '\(file)'"], input: Array("https://a/b?c=1".utf8),
                timeout: .seconds(30))
        }
        #expect(copied)
        #expect(FileManager.default.contents(atPath: file) == Data("https://a/b?c=1".utf8))
        let ignored = await offPool {
            DetachedProcess.run(
                "/bin/sh", arguments: ["-c", "exit 1"], input: Array(repeating: 65, count: 300_000),
                timeout: .seconds(30))
        }
        #expect(!ignored)
    }
}
