import Foundation
import Mocks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if os(Linux)
    /// Stand-in players on a test `PATH`: each started player takes the next of a few numbered FIFOs,
    /// writes `started URL` to it and keeps it open — it, and a child of its own that ignores SIGHUP
    /// and SIGTERM as some players' helpers do — until it ends. The test waits on the FIFO: its line
    /// says the player started, its end of file that every process of that player is gone.
    final class StandInPlayers: Sendable {
        let programs: FakeProgramFolder
        private let readers: [Int32]
        var folder: URL { programs.folder }

        /// - Parameter players: How many players the test may start.
        init(_ players: Int = 3) throws {
            let programs = try FakeProgramFolder("stand-in-player")
            self.programs = programs
            readers = try (1...players).map { number in
                let path = programs.folder.appendingPathComponent("fifo.\(number)").path
                guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                guard reader >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                return reader
            }
        }

        deinit { for reader in readers { close(reader) } }

        /// How long a stand-in player plays.
        enum Playing {
            /// Until it is ended: it, and a child of its own that ignores SIGHUP and SIGTERM.
            case untilEnded
            /// A clip of a second that ends well: a queue then starts the next one.
            case oneSecond
        }

        /// Adds `mpv` (or `name`), a player that writes `started URL` to the next FIFO and plays.
        func addPlayer(named name: String = "mpv", playing: Playing = .untilEnded) throws {
            let folder = programs.folder.path
            let play =
                switch playing {
                case .untilEnded: "(trap '' HUP TERM; exec sleep 300) &\nwait"
                case .oneSecond: "exec sleep 1"
                }
            try programs.add(
                name,
                script: """
                    #!/bin/sh
                    n=1
                    until mkdir '\(folder)/claim.'$n 2>/dev/null; do n=$((n + 1)); done
                    exec 3>'\(folder)/fifo.'$n
                    for argument in "$@"; do last=$argument; done
                    printf 'started %s\\n' "$last" >&3
                    \(play)
                    """)
        }

        /// What player `number` (from 1) wrote until it ended, waiting at most `timeout` seconds for
        /// each byte and for the end (milliseconds): `nil` when it did not end in time. Waited for
        /// on a thread of its own, as every wait here: never on the test pool.
        func untilEnded(_ number: Int, timeout: Int32 = 30_000) async -> String? {
            await offPool { self.read(number, timeout: timeout, untilEnd: true) }
        }

        /// The first line player `number` wrote, waiting at most `timeout` milliseconds.
        func started(_ number: Int, timeout: Int32 = 30_000) async -> String? {
            await offPool { self.read(number, timeout: timeout, untilEnd: false) }
        }

        /// Whether player `number` still runs (its FIFO has a writer): looked at once, not waited for.
        func isRunning(_ number: Int) -> Bool {
            var descriptor = pollfd(fd: readers[number - 1], events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, 0) == 0 || descriptor.revents & Int16(POLLHUP) == 0
        }

        private func read(_ number: Int, timeout: Int32, untilEnd: Bool) -> String? {
            // Linux reports the end only once a writer has come and gone.
            let reading = readFIFO(readers[number - 1], timeout: timeout) { !untilEnd && $0.contains(0x0A) }
            return reading.outcome == (untilEnd ? .ended : .enough) ? reading.text : nil
        }
    }
#endif
