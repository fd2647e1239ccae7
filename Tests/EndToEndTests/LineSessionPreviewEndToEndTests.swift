import Foundation
import Mocks
import Testing

/// The line session (`TERM=dumb` on a pseudo-terminal) with a stand-in player on `PATH`: `x`
/// stops the preview, as the notice of what plays says, and a notice that comes while the prompt
/// waits never lands after it.
#if os(Linux)
    @Suite("mvsearch end to end: the line session's preview")
    struct LineSessionPreviewEndToEndTests {
        /// `mvsearch -i clairo` on a dumb terminal, stderr there too, the players on `PATH` first.
        private static func session(players: StandInPlayers) throws -> (PseudoTerminal, LoopbackHTTPServer) {
            let server = try MVSearchProcess.recordedSearchServer()
            var environment = MVSearchProcess.environment(["TERM": "dumb"])
            environment["PATH"] = players.folder.path + ":/usr/bin:/bin"
            environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
            let terminal = try PseudoTerminal(
                ["-i", "-l", "5", "clairo"], environment: environment, columns: 120, errorsOnTerminal: true)
            return (terminal, server)
        }

        /// Opens the second video and plays its preview; returns once the player has started and
        /// the notice that it plays is shown.
        private static func playSecond(on terminal: PseudoTerminal, players: StandInPlayers) async -> Bool {
            guard await MVSearchProcess.offPool({ terminal.wait { $0.contains("1–4 details") } }) else { return false }
            terminal.send("2\r")
            guard await MVSearchProcess.offPool({ terminal.wait { $0.contains("p play preview") } }) else {
                return false
            }
            terminal.send("p\r")
            guard await players.started(1) != nil else { return false }
            return await MVSearchProcess.offPool { terminal.wait { $0.contains("· x stop") } }
        }

        @Test("Given a preview playing in the line session, when x is typed, then the player ends and it says so")
        func xStops() async throws {
            let players = try StandInPlayers()
            try players.addPlayer()
            let (terminal, server) = try Self.session(players: players)
            defer { server.stop() }
            #expect(await Self.playSecond(on: terminal, players: players))
            #expect(terminal.output.contains("x stop preview"))  // the prompt offers it while it plays
            terminal.send("x\r")
            #expect(await players.untilEnded(1) == "")
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("mvsearch: stopped 4Ever") } })
            #expect(!terminal.output.contains("is not a choice here"))
            terminal.send("q\r")
            #expect(await MVSearchProcess.offPool { terminal.finish() }.status == 0)
        }

        /// Whether the prompt was written again after the notice that the preview plays.
        private static func promptsAfterNotice(_ output: String) -> Bool {
            guard let notice = output.range(of: "· x stop", options: .backwards) else { return false }
            return output[notice.upperBound...].contains("q quit\r\n> ")
        }

        @Test(
            "Given the prompt waiting, when the notice that the preview plays comes, then it is on a line of its own and the prompt follows"
        )
        func noticeBeforeThePromptAgain() async throws {
            let players = try StandInPlayers()
            try players.addPlayer()
            let (terminal, server) = try Self.session(players: players)
            defer { server.stop() }
            #expect(await Self.playSecond(on: terminal, players: players))
            #expect(await MVSearchProcess.offPool { terminal.wait(timeout: 10) { Self.promptsAfterNotice($0) } })
            #expect(!terminal.output.contains("> mvsearch:"), "\(terminal.output)")
            terminal.send("q\r")
            #expect(await MVSearchProcess.offPool { terminal.finish() }.status == 0)
        }

        @Test(
            "Given a notice came while the prompt waited, when the input ends (Ctrl-D), then the prompt's line is ended"
        )
        func endOfInputEndsTheLine() async throws {
            let players = try StandInPlayers()
            try players.addPlayer()
            let (terminal, server) = try Self.session(players: players)
            defer { server.stop() }
            #expect(await Self.playSecond(on: terminal, players: players))
            _ = await MVSearchProcess.offPool { terminal.wait(timeout: 10) { Self.promptsAfterNotice($0) } }
            terminal.send("\u{4}")
            #expect(await MVSearchProcess.offPool { terminal.finish() }.status == 0)
            #expect(await players.untilEnded(1) == "")  // the player ends with the session
            let ended = await MVSearchProcess.offPool {
                terminal.wait(timeout: 10) { $0.hasSuffix("q quit\r\n> \r\n") }
            }
            #expect(ended, "\(terminal.output.suffix(200))")
        }
    }
#endif
