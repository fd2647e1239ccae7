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

@Suite("A queue player: a queue played in order, one player at a time, the one replaced ended with its group")
struct QueuePlayerTests {
    private struct Clip: Playable {
        let url: URL
    }

    /// A stand-in player in a folder of its own. It appends the address it was given (its last
    /// argument) to `log`, then, by its first word: `brief` plays a second and exits 0; `fail`
    /// says why on stderr and exits 1 at once; `hold` opens the FIFO named after the address's
    /// last component, writes `started` to it and keeps it open — it, and a child of its own that
    /// ignores SIGHUP and SIGTERM — until it is ended.
    private final class StandIn: Sendable {
        let programs: FakeProgramFolder
        let path: String
        var log: String { programs.folder.appendingPathComponent("log").path }

        init() throws {
            programs = try FakeProgramFolder("queue-player")
            let folder = programs.folder.path
            path = try programs.add(
                "player",
                script: """
                    #!/bin/sh
                    for argument in "$@"; do last=$argument; done
                    printf '%s\\n' "$last" >> '\(folder)/log'
                    case "$1" in
                    brief) exec sleep 1 ;;
                    fail) echo 'cannot open the address' >&2; exit 1 ;;
                    hold)
                        exec 3>'\(folder)/'"${last##*/}"
                        printf 'started\\n' >&3
                        (trap '' HUP TERM; exec sleep 300) &
                        wait ;;
                    esac
                    """)
        }

        /// The command line that runs the stand-in in `mode`.
        func command(_ mode: String) -> String { "'\(path)' \(mode)" }

        /// The addresses the players were given, in the order they started.
        func started() -> [String] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init)
        }

        /// A FIFO in the folder for the `hold` player of an address ending in `name`, open for
        /// reading (non-blocking, so that opening it waits for no writer).
        func fifo(_ name: String) throws -> Int32 {
            let path = programs.folder.appendingPathComponent(name).path
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard reader >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return reader
        }
    }

    /// The events a queue reported, and a signal once it ended.
    private final class Events: Sendable {
        let all = Mutex<[QueuePlayer<Clip>.Event]>([])
        let ended = DispatchSemaphore(value: 0)

        func record(_ event: QueuePlayer<Clip>.Event) {
            all.withLock { $0.append(event) }
            if case .ended = event { ended.signal() }
        }
    }

    /// What `descriptor` gives next — its bytes, or "" at its end — waiting at most 30 s for it
    /// (a program's start takes seconds on a loaded machine), off the cooperative pool; `nil` when
    /// nothing came in time.
    private static func next(_ descriptor: Int32) async -> String? {
        await offPool {
            var events = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&events, 1, 30_000) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    private func clip(_ name: String) throws -> Clip {
        Clip(url: try #require(URL(string: "http://127.0.0.1:9/\(name)")))
    }

    @Test("Given a queue of three that each play through, then they play in the queue's order and end once")
    func playsInOrder() async throws {
        let standIn = try StandIn()
        let queue = [try clip("one"), try clip("two"), try clip("three")]
        let player = QueuePlayer<Clip>(command: standIn.command("brief"), searchPath: "/nonexistent")
        let events = Events()

        #expect(player.play(queue) { events.record($0) } == .starting(player: "player", item: queue[0], count: 3))
        #expect(await events.ended.signalled(within: 60))

        #expect(standIn.started() == queue.map(\.url.absoluteString))
        let all = events.all.withLock { $0 }
        #expect(all.last == .ended(player: "player", ending: .exited(0), atOnce: false, firstLine: nil))
        #expect(all.filter { if case .ended = $0 { true } else { false } }.count == 1)
        // Each "playing" names the item at its place; a late one may be left out, never reordered.
        let playing = all.compactMap { event -> QueuePlayer<Clip>.Position? in
            if case .playing(let position) = event { position } else { nil }
        }
        #expect(playing.allSatisfy { $0.item == queue[$0.index] && $0.count == 3 })
        #expect(playing.map(\.index) == playing.map(\.index).sorted())
        #expect(player.position == nil)
    }

    @Test("Given a player that fails at once, then the queue goes no further and the end says why")
    func failureEndsTheQueue() async throws {
        let standIn = try StandIn()
        let queue = [try clip("one"), try clip("two")]
        let player = QueuePlayer<Clip>(command: standIn.command("fail"), searchPath: "/nonexistent")
        let events = Events()

        #expect(player.play(queue) { events.record($0) } == .starting(player: "player", item: queue[0], count: 2))
        #expect(await events.ended.signalled(within: 60))

        #expect(standIn.started() == [queue[0].url.absoluteString])
        // "At once" is left out: a loaded machine may take longer than `startingTime` to run a shell.
        let all = events.all.withLock { $0 }
        #expect(all.count == 1)
        guard case .ended("player", .exited(1), _, "cannot open the address") = all.first else {
            Issue.record("the queue did not end with the player's failure: \(all)")
            return
        }
    }

    @Test(
        "Given a queue playing, when another is played, then the first player's whole group ends and the second plays; played again, the second stops"
    )
    func replacingEndsThePreviousGroup() async throws {
        let standIn = try StandIn()
        let (first, second) = (try clip("first"), try clip("second"))
        let (firstReader, secondReader) = (try standIn.fifo("first"), try standIn.fifo("second"))
        defer {
            close(firstReader)
            close(secondReader)
        }
        let player = QueuePlayer<Clip>(command: standIn.command("hold"), searchPath: "/nonexistent")
        defer { player.stop() }
        let events = Events()

        #expect(player.play([first]) { events.record($0) } == .starting(player: "player", item: first, count: 1))
        #expect(await Self.next(firstReader) == "started\n")

        #expect(player.play([second]) { events.record($0) } == .starting(player: "player", item: second, count: 1))
        #expect(await Self.next(secondReader) == "started\n")
        // The end of file comes only once the first player and its child that ignores SIGTERM are gone.
        #expect(await Self.next(firstReader) == "")
        #expect(player.position == QueuePlayer<Clip>.Position(item: second, index: 0, count: 1))

        #expect(player.play([second]) { events.record($0) } == .stopped(item: second))
        #expect(await Self.next(secondReader) == "")
        #expect(player.position == nil)
        #expect(player.stop() == nil)
        #expect(standIn.started() == [first.url.absoluteString, second.url.absoluteString])
        // Neither queue ended by itself: a queue replaced or stopped is never said to have ended.
        #expect(!events.all.withLock { $0 }.contains { if case .ended = $0 { true } else { false } })
    }

    @Test("Given an address that is not http(s) or too long, a missing program, or no player, then nothing starts")
    func refusals() throws {
        let standIn = try StandIn()
        let player = QueuePlayer<Clip>(command: standIn.command("brief"), searchPath: "/nonexistent")
        let local = Clip(url: try #require(URL(string: "file:///etc/passwd")))
        let long = try clip(String(repeating: "a", count: QueuePlayer<Clip>.maximumURLBytes))
        #expect(player.play([try clip("one"), local]) { _ in } == .refused)
        #expect(player.play([long]) { _ in } == .refused)
        #expect(player.play([]) { _ in } == .refused)
        let missing = QueuePlayer<Clip>(command: "nosuchplayer --fast", searchPath: standIn.programs.folder.path)
        #expect(missing.play([try clip("one")]) { _ in } == .missing(program: "nosuchplayer"))
        let unclosed = QueuePlayer<Clip>(command: "player 'oops", searchPath: standIn.programs.folder.path)
        #expect(unclosed.play([try clip("one")]) { _ in } == .unterminatedQuote(command: "player 'oops"))
        let none = QueuePlayer<Clip>(command: nil, searchPath: standIn.programs.folder.path)
        #expect(none.play([try clip("one")]) { _ in } == .noPlayer)
        #expect(standIn.started().isEmpty)
        #expect(player.position == nil && none.position == nil)
    }
}
