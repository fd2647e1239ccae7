import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `p`, `y` and `/` in the full-screen session on a pseudo-terminal: the built binary, a fake
/// player on a test `PATH`, the bytes the terminal received.
#if os(Linux)
    @Suite("mvsearch end to end: play, copy, filter")
    struct PlayCopyEndToEndTests {
        @Test(
            "p runs the mpv on PATH with the selected row's previewUrl; y writes OSC 52 with the page URL; /brd highlights B, r, d"
        )
        func playCopyFilter() async throws {
            let search = try Fixture.data("search-musicvideo-clairo")
            let server = try LoopbackHTTPServer { _, _ in .json(search) }
            let programs = try FakeProgramFolder("e2e-player")
            try programs.add("mpv", script: "#!/bin/sh\nprintf '%s|' \"$@\" > '\(programs.fifo)'\nexec sleep 300\n")

            var environment = MVSearchProcess.environment(["TERM": "xterm-256color"])
            environment["PATH"] = programs.folder.path + ":/usr/bin:/bin"
            environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
            let terminal = try PseudoTerminal(["-i", "-l", "5", "clairo"], environment: environment)
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })

            // The first row's preview, from the recorded answer.
            let rows = try #require(
                (try JSONSerialization.jsonObject(with: search) as? [String: Any])?["results"] as? [[String: Any]])
            let preview = try #require(rows.first?["previewUrl"] as? String)
            let page = try #require(rows.first?["trackViewUrl"] as? String)

            terminal.send("p")  // the player plays until the session ends
            #expect(await programs.said() == preview + "|")
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("▶ Are You Bored Yet?") } })

            terminal.send("y")
            let sequence = "\u{1B}]52;c;" + Data(page.utf8).base64EncodedString() + "\u{07}"
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains(sequence) } })
            #expect(
                await MVSearchProcess.offPool {
                    terminal.wait { $0.contains("sent the page URL to the terminal's clipboard") }
                })

            terminal.send("/brd")
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("1/4 · type to filter") } })
            // B, r and d of "Bored" drawn highlighted (yellow).
            #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("33mB") && $0.contains("33md") } })

            terminal.send("\rq")  // Enter keeps the filter, q quits (Esc right before q would read as Alt-Q)
            let (status, stderr) = await MVSearchProcess.offPool { terminal.finish() }
            #expect(status == 0)
            #expect(stderr.isEmpty)
        }
    }
#endif
