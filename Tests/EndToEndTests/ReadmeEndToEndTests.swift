import Dispatch
import Foundation
import Mocks
import Testing

/// Every command the README shows, run on the built binary as a reader would type it, against a
/// loopback server answering like iTunes: a command that stops working, or one added without a
/// way to run it here, fails the test. `make install` and `make test` are CI's.
@Suite("The README's commands")
struct ReadmeEndToEndTests {
    /// The repository's root, from this file's place in it.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A command the README shows, and what it shows it writing (a console block's lines).
    struct Command: CustomStringConvertible, Sendable {
        let line: String
        let shownOutput: String?
        var description: String { line }
    }

    /// One program of a pipeline: its words, and its text as written.
    struct Segment: Sendable {
        let words: [String]
        let text: String
    }

    // MARK: - Reading the README

    /// The commands of the README's `sh` blocks (a line ending in `|` or `\` goes on), the `$ `
    /// lines of its `console` blocks with the lines below them, and inline code that runs mvsearch.
    static func commands(in readme: String) -> [Command] {
        var commands: [Command] = []
        var fence: String?
        var pending = ""
        var prose = ""
        var console: (line: String, output: [String])?
        func finishConsole() {
            if let console {
                commands.append(Command(line: console.line, shownOutput: console.output.joined(separator: "\n") + "\n"))
            }
            console = nil
        }
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if fence == nil {
                    fence = String(line.dropFirst(3))
                } else {
                    finishConsole()
                    fence = nil
                }
                continue
            }
            switch fence {
            case nil:
                prose += line + "\n"
            case "sh":
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasSuffix("\\") {
                    pending += trimmed.dropLast() + " "
                } else if trimmed.hasSuffix("|") {
                    pending += trimmed + " "
                } else if !(pending + trimmed).isEmpty {
                    commands.append(Command(line: pending + trimmed, shownOutput: nil))
                    pending = ""
                }
            case "console":
                if line.hasPrefix("$ ") {
                    finishConsole()
                    console = (String(line.dropFirst(2)), [])
                } else {
                    console?.output.append(line)
                }
            default:
                break
            }
        }
        let inline = prose.matches(of: #/`([^`\n]+)`/#).map { String($0.output.1) }.filter { code in
            let runsMVSearch =
                code == "mvsearch" || code.hasPrefix("mvsearch ")
                || (code.hasPrefix("printf ") && code.contains("| mvsearch"))
            return runsMVSearch && !code.contains("…") && !code.contains("<")
        }
        return commands + inline.map { Command(line: $0, shownOutput: nil) }
    }

    /// Splits a command line as the shell would: quotes, backslashes, `|` between programs, and
    /// a `#` comment at the start of a word.
    static func pipeline(_ line: String) -> [Segment] {
        var segments: [Segment] = []
        var words: [String] = []
        var word: String?
        var quote: Character?
        var start = line.startIndex
        var index = line.startIndex
        func finishSegment(at end: String.Index) {
            if let word { words.append(word) }
            word = nil
            if !words.isEmpty {
                segments.append(Segment(words: words, text: line[start..<end].trimmingCharacters(in: .whitespaces)))
            }
            words = []
        }
        scanning: while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("\"", "\\") where next < line.endIndex && "\"\\$`".contains(line[next]):
                word = (word ?? "") + String(line[next])
                index = line.index(after: next)
                continue
            case (.some, _):
                word = (word ?? "") + String(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                word = word ?? ""
            case (nil, "\\") where next < line.endIndex:
                word = (word ?? "") + String(line[next])
                index = line.index(after: next)
                continue
            case (nil, " "), (nil, "\t"):
                if let word { words.append(word) }
                word = nil
            case (nil, "|"):
                finishSegment(at: index)
                start = next
            case (nil, "#") where word == nil:
                break scanning
            default:
                word = (word ?? "") + String(character)
            }
            index = next
        }
        finishSegment(at: index)
        return segments
    }

    // MARK: - Running them

    /// What a command writes in `format`, checked as a script would read it.
    private static func expectSensible(_ output: String, format: String, of command: String) {
        let lines = output.split(separator: "\n")
        #expect(!lines.isEmpty, "\(command): wrote nothing")
        switch format {
        case "json":
            let array = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [Any]
            #expect(array?.isEmpty == false, "\(command): not a JSON array of results: \(output)")
        case "jsonl":
            let objects = lines.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            #expect(objects.allSatisfy { $0 != nil }, "\(command): not one JSON object a line: \(output)")
        case "plain":
            #expect(lines.allSatisfy { $0.contains("\t") }, "\(command): not tab-separated lines: \(output)")
        default:
            break
        }
    }

    /// The output format the arguments ask for, or nil when they ask for no list (help, history).
    private static func format(of arguments: [String]) -> String? {
        guard !arguments.contains(where: { ["--help", "-h", "--version", "--history"].contains($0) }) else {
            return nil
        }
        var format = "plain"
        var json = false
        for (index, argument) in arguments.enumerated() {
            if argument == "--format", index + 1 < arguments.count {
                format = arguments[index + 1]
            } else if argument.hasPrefix("--format=") {
                format = String(argument.dropFirst("--format=".count))
            } else if argument == "--json" || argument.hasPrefix("--json=") {
                json = true
            }
        }
        return json ? (format == "jsonl" ? "jsonl" : "json") : format
    }

    private static func isInstalled(_ program: String) -> Bool {
        ["/usr/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + program) }
    }

    /// The session on a pseudo-terminal: a search typed when the command gives no term, the rows
    /// awaited, then `q`.
    private static func runSession(_ arguments: [String], environment: [String: String], command: String) async throws {
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let terminal = try PseudoTerminal(arguments, environment: environment)
        let hasTerm = arguments.contains { !$0.hasPrefix("-") }
        let drawn = await MVSearchProcess.offPool {
            if !hasTerm {
                guard terminal.wait(timeout: 60, until: { !$0.isEmpty }) else { return false }
                terminal.send("clairo\r")
            }
            return terminal.wait(timeout: 60, until: { $0.contains("4Ever") })
        }
        #expect(drawn, "\(command): the session never showed the results: \(terminal.output)")
        terminal.send("q")
        let end = await MVSearchProcess.offPool { terminal.finish(timeout: 60) }
        #expect(end.status == 0, "\(command): exit \(end.status), \(end.stderr)")
    }

    /// The picker on a pseudo-terminal that is its controlling terminal, stdout into a file: once
    /// its rows show, Tab marks the first two and Enter prints them; what it printed then goes
    /// through the rest of the pipeline, where a stand-in `mpv` says what it was given.
    private static func runPick(
        _ segments: [Segment], arguments: [String], environment: [String: String], command: String
    ) async throws {
        let players = try FakeProgramFolder("readme-pick")
        try players.add("mpv", script: "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(players.fifo)'\n")
        var environment = environment
        environment["TERM"] = "xterm-256color"
        environment["PATH"] = players.folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let terminal = try PseudoTerminal.picker(arguments, environment: environment, output: file.path)
        let drawn = await MVSearchProcess.offPool { terminal.wait(timeout: 60, until: { $0.contains("Enter print") }) }
        #expect(drawn, "\(command): the picker never showed its rows: \(terminal.output)")
        terminal.send("\t\t\r")
        let end = await MVSearchProcess.offPool { terminal.finish(timeout: 60) }
        #expect(end.status == 0, "\(command): exit \(end.status), \(end.stderr)")
        let picked = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        if let format = Self.format(of: arguments) { Self.expectSensible(picked, format: format, of: command) }
        let rest = segments.dropFirst().map(\.text).joined(separator: " | ")
        guard !rest.isEmpty else { return }
        let result = try await MVSearchProcess.run(
            ["-o", "pipefail", "-c", rest], environment: environment, input: Data(picked.utf8),
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 0, "\(command): exit \(result.status), \(result.stderr)")
        if segments.contains(where: { $0.words.contains("mpv") }) {
            let played = await players.said().split(separator: "\n")
            #expect(
                played.count == 2 && played.allSatisfy { $0.hasPrefix("https://") }, "\(command): mpv got \(played)")
        } else {
            #expect(result.stdout.split(separator: "\n").count == 2, "\(command): \(result.stdout)")
        }
    }

    private static func readme() throws -> String {
        try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test("Given the README, when its commands are read, then the set-up, install and first-search ones are among them")
    func readsTheCommands() throws {
        let commands = Self.commands(in: try Self.readme())
        let programs = commands.map { Self.pipeline($0.line).map(\.words) }
        #expect(programs.first == [["mvsearch", "clairo"]])
        #expect(commands.first?.shownOutput?.hasPrefix("#  Title ") == true)
        #expect(programs.contains([["swift", "run", "mvsearch", "jack", "johnson"]]))
        #expect(programs.contains([["make", "test"]]))
        #expect(programs.contains { $0.first?.prefix(2) == ["make", "install"] })
        #expect(programs.contains { $0.map { $0.first } == ["mvsearch", "fzf"] })
        #expect(programs.contains([["printf", #"clairo\n2\nb\nq\n"#], ["mvsearch", "-i"]]))
        #expect(commands.count >= 20)
        let fzf = Self.pipeline(#"mvsearch -l 2 x | fzf --delimiter '\t' --preview "mvsearch --id {1}"  # a comment"#)
        #expect(
            fzf.map(\.words) == [
                ["mvsearch", "-l", "2", "x"], ["fzf", "--delimiter", "\\t", "--preview", "mvsearch --id {1}"],
            ])
        #expect(fzf.map(\.text) == ["mvsearch -l 2 x", #"fzf --delimiter '\t' --preview "mvsearch --id {1}""#])
    }

    @Test(
        "When every command of the README runs, in order, against a loopback iTunes, then each exits 0 and writes what it says"
    )
    func everyCommandRuns() async throws {
        // Answers like iTunes from the recorded fixtures, one request a connection.
        let server = try FakeITunes.start(keepsAlive: false)
        defer { server.stop() }
        let products = MVSearchProcess.executableURL.deletingLastPathComponent().path
        // One set of folders for the whole README, so --history finds the searches before it.
        let environment = MVSearchProcess.environment([
            "MVSEARCH_BASE_URL": server.baseURL.absoluteString, "PATH": "\(products):/usr/bin:/bin",
        ])
        var ran = 0
        // `mvsearch serve` runs on a free port until the README is done; the curl lines ask it.
        var serve: ReadmeServe?
        defer { serve?.running.process.terminateInBackground() }
        for command in Self.commands(in: try Self.readme()) {
            let segments = Self.pipeline(command.line)
            if segments.first?.words.starts(with: ["mvsearch", "serve"]) == true {
                await serve?.stop()
                serve = try await ReadmeServe.start(Array(segments[0].words.dropFirst(2)), environment: environment)
                ran += 1
                continue
            }
            if segments.map(\.words) == [["mvsearch", "mcp"]] {
                // As an MCP client starts it: its first message gets the handshake's answer.
                let initialize =
                    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"readme","version":"1"}}}"#
                let result = try await MVSearchProcess.run(
                    ["mcp"], environment: environment, input: Data((initialize + "\n").utf8))
                #expect(result.status == 0, "\(command.line): exit \(result.status), \(result.stderr)")
                #expect(result.stdout.contains(#""protocolVersion":"2025-11-25""#), "\(command.line): \(result.stdout)")
                ran += 1
                continue
            }
            if segments.first?.words.first == "curl" {
                let address = try #require(serve?.address, "\(command.line): no mvsearch serve runs before it")
                let line = command.line.replacingOccurrences(of: "127.0.0.1:8990", with: address)
                let result = try await MVSearchProcess.run(
                    ["-o", "pipefail", "-c", line], environment: environment,
                    executable: URL(fileURLWithPath: "/bin/bash"))
                #expect(result.status == 0, "\(command.line): exit \(result.status), \(result.stderr)")
                #expect(!result.stdout.isEmpty, "\(command.line): wrote nothing")
                ran += 1
                continue
            }
            guard
                let position = segments.firstIndex(where: {
                    $0.words.first == "mvsearch" || $0.words.starts(with: ["swift", "run", "mvsearch"])
                })
            else {
                // Run by CI: `make install` into a temporary prefix, then `make uninstall`; the tests.
                let byCI = segments.first?.words.first == "make"
                #expect(byCI, "\(command): no test runs this README command")
                continue
            }
            let words = segments[position].words
            let arguments = Array(words.dropFirst(words.first == "swift" ? 3 : 1))
            ran += 1
            if let shown = command.shownOutput {
                var terminal = environment
                terminal["NO_COLOR"] = "1"
                let result = try await MVSearchProcess.runInTerminal(arguments, columns: 80, environment: terminal)
                #expect(result.status == 0, "\(command): exit \(result.status), \(result.stderr)")
                #expect(result.stdout == shown, "\(command): the README shows other output")
                continue
            }
            var input: Data?
            if position == 0, arguments.contains("--pick") {
                try await Self.runPick(segments, arguments: arguments, environment: environment, command: command.line)
                continue
            }
            if position > 0 {
                let before = segments[..<position].map(\.text).joined(separator: " | ")
                let feeding = try await MVSearchProcess.run(
                    ["-c", before], environment: environment, executable: URL(fileURLWithPath: "/bin/bash"))
                input = Data(feeding.stdout.utf8)
            } else if arguments.isEmpty || arguments.contains("-i") || arguments.contains("--interactive") {
                try await Self.runSession(arguments, environment: environment, command: command.line)
                continue
            }
            let result = try await MVSearchProcess.run(arguments, environment: environment, input: input)
            #expect(result.status == 0, "\(command): exit \(result.status), \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(command): \(result.stderr)")
            if let format = Self.format(of: arguments), input == nil {
                Self.expectSensible(result.stdout, format: format, of: command.line)
            } else {
                #expect(!result.stdout.isEmpty, "\(command): wrote nothing")
            }
            let after = segments[(position + 1)...]
            if let fzf = after.first(where: { $0.words.first == "fzf" }),
                let preview = fzf.words.firstIndex(of: "--preview").map({ fzf.words[$0 + 1] })
            {
                // fzf needs a terminal: its preview runs for the first row, as fzf would run it.
                let fields = (result.stdout.split(separator: "\n").first ?? "").split(separator: "\t")
                var previewLine = preview
                for (index, field) in fields.enumerated() {
                    previewLine = previewLine.replacingOccurrences(of: "{\(index + 1)}", with: String(field))
                }
                let previewWords = Self.pipeline(previewLine).first?.words ?? []
                #expect(previewWords.first == "mvsearch", "\(command): the preview runs \(previewLine)")
                let shown = try await MVSearchProcess.run(Array(previewWords.dropFirst()), environment: environment)
                #expect(shown.status == 0, "\(previewLine): exit \(shown.status), \(shown.stderr)")
                #expect(!shown.stdout.isEmpty, "\(previewLine): wrote nothing")
            } else if !after.isEmpty, after.allSatisfy({ Self.isInstalled($0.words.first ?? "") }) {
                let whole = try await MVSearchProcess.run(
                    ["-o", "pipefail", "-c", command.line], environment: environment,
                    executable: URL(fileURLWithPath: "/bin/bash"))
                // What the rest writes depends on the answer (a jq select may keep nothing).
                #expect(whole.status == 0, "\(command): exit \(whole.status), \(whole.stderr)")
            }
        }
        #expect(ran >= 18)
    }
}

/// The README's `mvsearch serve`, on a free loopback port instead of 8990.
private final class ReadmeServe: @unchecked Sendable {
    // Unchecked: the process is only started and signalled.
    let running: MVSearchProcess.Running
    let address: String

    private init(running: MVSearchProcess.Running, address: String) {
        self.running = running
        self.address = address
    }

    /// Starts it and reads where it listens from its first line on stderr.
    static func start(_ arguments: [String], environment: [String: String]) async throws -> ReadmeServe {
        let (running, firstLine) = try MVSearchProcess.launchReadingFirstErrorLine(
            ["serve", "--listen", "127.0.0.1:0"] + arguments, environment: environment)
        let line = await MVSearchProcess.offPool { firstLine(60) }
        let prefix = "mvsearch: serving http://"
        guard let line, line.hasPrefix(prefix), line.hasSuffix("/") else {
            running.process.terminate()
            throw ReadmeServeError(line: line)
        }
        return ReadmeServe(running: running, address: String(line.dropFirst(prefix.count).dropLast()))
    }

    /// SIGTERM, then SIGKILL if it has not ended within 10 s: a test never waits on it for good.
    func stop() async {
        let process = running.process
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        await process.exited(within: 10)
    }
}

private struct ReadmeServeError: Error {
    let line: String?
}
