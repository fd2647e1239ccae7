import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `p` and `x` in the full-screen session on a pseudo-terminal, with stand-in players on a test
/// `PATH`: one preview plays at a time, it can be stopped, it ends with the session however the
/// session ends, and a player that fails says why in its own words.
#if os(Linux)
    @Suite("mvsearch end to end: one preview at a time, stopped with the session")
    struct PreviewPlayerEndToEndTests {
        /// A session on the recorded search, its players on `PATH` first.
        private static func session(players: StandInPlayers) throws -> (PseudoTerminal, LoopbackHTTPServer) {
            let search = try Fixture.data("search-musicvideo-clairo")
            let server = try LoopbackHTTPServer { _, _ in .json(search) }
            var environment = MVSearchProcess.environment(["TERM": "xterm-256color"])
            environment["PATH"] = players.folder.path + ":/usr/bin:/bin"
            environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
            let terminal = try PseudoTerminal(["-i", "-l", "5", "clairo"], environment: environment, columns: 120)
            return (terminal, server)
        }

        private static func previews() throws -> [String] {
            let rows = try #require(
                (try JSONSerialization.jsonObject(with: try Fixture.data("search-musicvideo-clairo")) as? [String: Any])?[
                    "results"] as? [[String: Any]])
            return rows.compactMap { $0["previewUrl"] as? String }
        }

        @Test(
            "Given a preview playing, when p is pressed on another row, then the first player (and its child) ends and one plays"
        )
        func pOnAnotherRowReplaces() async throws {
            let players = try StandInPlayers()
            try players.addPlayer()
            let (terminal, server) = try Self.session(players: players)
            _ = server
            let previews = try Self.previews()
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })

            terminal.send("p")
            #expect(await players.started(1) == "started \(previews[0])\n")
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("· x stop") } })
            terminal.send("jp")
            #expect(await players.started(2) == "started \(previews[1])\n")
            #expect(await players.untilEnded(1) == "")  // every process of the first player is gone
            #expect(players.isRunning(2))

            // p on the playing row stops it.
            terminal.send("p")
            #expect(await players.untilEnded(2) == "")
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("stopped 4Ever") } })

            terminal.send("q")
            let (status, stderr) = await MVSearchProcess.offPool { terminal.finish() }
            #expect(status == 0)
            #expect(stderr.isEmpty)
        }

        @Test(
            "Given a preview playing, when the session ends by q, SIGTERM or SIGHUP, then no process of the player is left",
            arguments: ["q", "TERM", "HUP"])
        func endsWithTheSession(way: String) async throws {
            let players = try StandInPlayers()
            try players.addPlayer()
            let (terminal, server) = try Self.session(players: players)
            _ = server
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
            terminal.send("p")
            #expect(await players.started(1) != nil)
            switch way {
            case "q": terminal.send("q")
            case "TERM": kill(terminal.process.processIdentifier, SIGTERM)
            default: kill(terminal.process.processIdentifier, SIGHUP)
            }
            let (status, _) = await MVSearchProcess.offPool { terminal.finish() }
            #expect(status == ["q": 0, "TERM": 143, "HUP": 129][way])
            #expect(await players.untilEnded(1) == "")
        }

        @Test(
            "Given two rows marked with Tab, when p is pressed, then their previews play in the list's order, not the selected row's"
        )
        func markedRowsPlayInOrder() async throws {
            let players = try StandInPlayers()
            try players.addPlayer(playing: .oneSecond)
            let (terminal, server) = try Self.session(players: players)
            _ = server
            let previews = try Self.previews()
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })

            terminal.send("\t\t")  // rows 1 and 2 marked; the selection rests on row 3
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.filter { $0 == "✓" }.count == 2 } })
            terminal.send("p")
            #expect(await players.started(1) == "started \(previews[0])\n")
            #expect(await players.started(2) == "started \(previews[1])\n")
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("the preview ended") } })
            #expect(await players.started(3, timeout: 1_500) == nil)  // row 3, selected but not marked, never plays
            terminal.send("q")
            let (status, _) = await MVSearchProcess.offPool { terminal.finish() }
            #expect(status == 0)
        }

        @Test("Given a player that exits 1 at once with a message, then the status line says it failed, in its words")
        func failingPlayerSaysWhy() async throws {
            let players = try StandInPlayers()
            try players.programs.add("mpv", script: "#!/bin/sh\necho 'cannot open display :9' >&2\nexit 1\n")
            let (terminal, server) = try Self.session(players: players)
            _ = server
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
            terminal.send("p")
            #expect(
                await MVSearchProcess.offPool {
                    terminal.wait { $0.contains("mpv failed at once (status 1): cannot open display :9") }
                })
            terminal.send("q")
            let (status, _) = await MVSearchProcess.offPool { terminal.finish() }
            #expect(status == 0)
        }
    }
#endif
