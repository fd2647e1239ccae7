import Domain
import Presentation
import Testing

@testable import App

@Suite("Command-line parsing")
struct CommandLineParserTests {
    private func options(_ arguments: [String]) throws -> SearchOptions {
        guard case .search(let options) = try CommandLineParser.parse(arguments) else {
            throw UsageError("not a search")
        }
        return options
    }

    @Test("Words are joined with spaces and every option is read")
    func readsEverything() throws {
        let parsed = try options([
            "jack", "-l", "10", "--offset=20", "-c", "gb", "--by", "Artist", "--no-explicit", "--format", "JSON",
            "--timeout", "2.5", "--base-url", "http://127.0.0.1:1/", "--no-color", "-v", "johnson",
        ])
        #expect(parsed.term == "jack johnson")
        #expect(parsed.limit == 10)
        #expect(parsed.offset == 20)
        #expect(parsed.country == "gb")
        #expect(parsed.attribute == .artist)
        #expect(!parsed.allowsExplicit)
        #expect(parsed.format == .json)
        #expect(parsed.settingValues["timeout"] == "2.5")
        #expect(parsed.settingValues["base-url"] == "http://127.0.0.1:1/")
        #expect(parsed.settingValues["colour"] == "off" && parsed.verbose)
    }

    @Test("Repeated options: the last wins")
    func lastWins() throws {
        let parsed = try options(["-l", "5", "--limit", "7", "--json", "--format", "plain", "x"])
        #expect(parsed.limit == 7)
        #expect(parsed.format == .plain)
    }

    @Test("-- ends the options: what follows is the term, dashes and all")
    func doubleDash() throws {
        #expect(try options(["--", "-l", "--help"]).term == "-l --help")
    }

    @Test("A value option takes the next argument even when it starts with a dash")
    func negativeValue() throws {
        #expect(try options(["--limit", "-1", "x"]).limit == -1)
    }

    @Test("Help and version win wherever they stand")
    func helpAndVersion() throws {
        #expect(try CommandLineParser.parse(["x", "--help"]) == .help)
        #expect(try CommandLineParser.parse(["-h"]) == .help)
        #expect(try CommandLineParser.parse(["--version"]) == .version)
    }

    @Test("help alone is the help, as in git and cargo; with other words, or after --, it is searched for")
    func helpWord() throws {
        #expect(try CommandLineParser.parse(["help"]) == .help)
        #expect(try options(["help", "me"]).term == "help me")
        #expect(try options(["--", "help"]).term == "help")
        #expect(try options(["-l", "5", "help"]).term == "help")
    }

    @Test(
        "The word after a bare --json is its field list only with a comma or as exactly one key",
        arguments: [
            (["--json", "clairo"], "clairo", nil),  // the README's example: a search
            (["--json", "title"], "", ["title"]),
            (["--json", "id,title,url", "clairo"], "clairo", ["id", "title", "url"]),
            (["--json", "id, title", "x"], "x", ["id", "title"]),
            (["--json=clairo", "x"], "x", ["clairo"]),  // = always means fields (then checked)
            (["--json", "--", "title"], "title", nil),
            (["--json", "Title"], "Title", nil),  // keys are case-sensitive
            (["--json", "rock,pop"], "", ["rock", "pop"]),  // a comma: fields (then rejected)
            (["clairo", "--json"], "clairo", nil),
            (["--json", "-l", "5", "x"], "x", nil),
            (["--json", "term"], "", ["term"]),  // the key of --history's objects
        ] as [([String], String, [String]?)])
    func jsonFieldsOrTerm(arguments: [String], term: String, fields: [String]?) throws {
        let parsed = try options(arguments)
        #expect(parsed.term == term)
        #expect(parsed.jsonFields == fields)
        #expect(parsed.format == .json)
    }

    @Test("--json keeps jsonl when it is chosen, before or after; a later --format json wins")
    func jsonAndJSONLines() throws {
        #expect(try options(["--format", "jsonl", "--json", "id", "x"]).format == .jsonl)
        #expect(try options(["--json", "id", "--format", "jsonl", "x"]).format == .jsonl)
        #expect(try options(["--format=jsonl", "--json", "x"]).format == .jsonl)
        #expect(try options(["--format=jsonl", "--json", "id", "--format", "json", "x"]).format == .json)
    }

    @Test("Short options glue as getopt reads them: -l5, -vl5, -vl 5, -vi; spaces around a number are allowed")
    func gluedShortOptions() throws {
        #expect(try options(["-l5", "x"]).limit == 5)
        let glued = try options(["-vl5", "x"])
        #expect(glued.verbose && glued.limit == 5 && glued.term == "x")
        let separate = try options(["-vl", "5", "x"])
        #expect(separate.verbose && separate.limit == 5 && separate.term == "x")
        let flags = try options(["-vi", "-cgb"])
        #expect(flags.verbose && flags.interactive && flags.country == "gb")
        #expect(try options(["--limit", " 5", "x"]).limit == 5)
        // -h glued to others still ends the line's reading, as alone.
        #expect(try CommandLineParser.parse(["-vh"]) == .help)
        #expect(try CommandLineParser.parse(["-vh", "foo"]) == .help)
    }

    @Test(
        "Bad arguments are usage errors naming the problem",
        arguments: [
            (["--limit", "abc", "x"], "whole number"),
            (["--limit"], "needs a value"),
            (["--frobnicate", "x"], "unknown option '--frobnicate' — see mvsearch --help"),
            (["--limt", "5", "x"], "unknown option '--limt' — did you mean --limit?"),
            (["--artist", "clairo"], "unknown option '--artist' — did you mean --artists?"),
            (["--no-colr", "x"], "did you mean --no-color?"),
            (["--jsonn=id", "x"], "unknown option '--jsonn' — did you mean --json?"),
            (["--format", "xml", "x"], "table, plain, json, jsonl"),
            (["--by", "genre", "x"], "any, artist, song, album"),
            (["--by", "artst", "x"], "not 'artst' — did you mean artist?"),
            (
                ["--sort", "prise", "x"],
                "takes one of year, title, artist, duration, price, not 'prise' — did you mean price?"
            ),
            (["--sort", "size", "x"], "title, artist, duration, price, not 'size'"),
            (["--timeout", "soon", "x"], "seconds"), (["--timeout", "0x10", "x"], "seconds"),
            (["--no-cache=yes", "x"], "takes no value"),
            (["--json=", "x"], "field names separated by commas"),
            (["--json", "id,,url", "x"], "field names separated by commas"),
            (["--json", "id,title,id", "x"], "names the field 'id' twice"),
            (["--json", "id", "--format", "table", "x"], "not of --format table — drop one"),
            (["--json=id", "--format", "plain", "x"], "not of --format plain"),
            (["--unknown\u{1B}[2J", "x"], "'--unknown[2J'"),
            (["--js", "x"], "unknown option '--js' — did you mean --json?"),
            (
                ["--id", "99999999999999999999"],
                "option --id is too large: '99999999999999999999' — see mvsearch --help"
            ),
            (["-l", "-99999999999999999999", "x"], "option -l is too small"),
            (["-lx", "x"], "option -l needs a whole number, not 'x'"),
            (["-vq", "x"], "unknown option '-vq'"),
            // A user trial: each names the value given and says what to do.
            (
                ["--format", "tsv", "x"],
                "option --format takes one of table, plain, json, jsonl, m3u, not 'tsv' — use one of those"
            ),
            (["--limit", "abc", "x"], "option --limit needs a whole number, not 'abc' — give one such as 10"),
            (["--sort", "bogus", "x"], "not 'bogus' — use one of those"),
        ])
    func usageErrors(arguments: [String], mentions: String) {
        do {
            _ = try CommandLineParser.parse(arguments)
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message.contains(mentions), "\(error.message)")
            #expect(!error.message.contains("\u{1B}"))
        }
    }
}

@Suite("Help and version")
struct HelpTextTests {
    @Test("The help text matches its golden copy, at most 80 columns, wrapped between words")
    func golden() {
        let lines = HelpText.usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "mvsearch — search the iTunes Store for music videos")
        #expect(lines.contains("  -l, --limit N          results per page, 1–200 (default 25)"))
        #expect(lines.contains("      --format FORMAT    table, plain, json, jsonl, m3u (default: table on a"))
        #expect(lines.contains("                         terminal, else plain)"))
        #expect(lines.contains("  videos (searches, --id, --artist-id, --also): id, title, artist, artistId,"))
        #expect(lines.contains("  0 results shown · 1 nothing found · 64 bad usage or rejected query ·"))
        #expect(lines.contains { $0.contains("78 bad settings file") })
        #expect(lines.contains("Settings file:"))
        #expect(lines.contains { $0.contains("Enter details") && $0.contains("/ filter") })
        #expect(lines.contains { $0.contains("click selects · double click opens") })
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test(
        "At any width from 40 columns every line fits, a word longer than the room left aside",
        arguments: [40, 57, 100])
    func fitsTheWidth(width: Int) {
        let lines = HelpText.usage(width: width).split(separator: "\n").map(String.init)
        let over = lines.filter { $0.count > width && !$0.contains("https://itunes.apple.com/") }
        #expect(over.isEmpty, "\(over)")
        // Wrapping keeps every word: the text holds the same words at every width.
        #expect(
            HelpText.usage(width: width).split(whereSeparator: \.isWhitespace)
                == HelpText.usage.split(whereSeparator: \.isWhitespace))
    }

    @Test("Every option in the table is in the help, each on a line of its own with its help")
    func documentsEveryOption() {
        let lines = HelpText.usage.split(separator: "\n").map(String.init)
        for option in CommandLineOption.all {
            guard let first = lines.firstIndex(where: { $0.hasPrefix("  " + option.synopsis + " ") }) else {
                Issue.record("\(option.long) is not in the help")
                continue
            }
            // Its help: the rest of its line and the lines indented under it.
            let continued = lines[(first + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: 25)) }
            let text = ([lines[first].dropFirst(25)] + continued.map { $0.dropFirst(25) }).joined(separator: " ")
            #expect(text == option.help.joined(separator: " "), "\(option.long)")
        }
        for name in ["--id", "--artist-id", "--retries", "--offline", "--no-cache", "--history", "-i", "-v"] {
            #expect(HelpText.usage.contains(name), "\(name)")
        }
    }

    @Test("Every name in the table is one the parser accepts, and no name is in the table twice")
    func parserAcceptsTheTable() throws {
        let names = CommandLineOption.all.flatMap(\.names)
        #expect(Set(names).count == names.count)
        #expect(Set(CommandLineOption.all.map(\.long)).count == CommandLineOption.all.count)
        for option in CommandLineOption.all {
            for name in option.names {
                // A URL where the option takes one (`--base-url` checks it as it reads it).
                let value = option.choices.first ?? (option.value == .required("URL") ? "https://example.com/" : "1")
                let arguments = option.value == .none ? [name, "x"] : [name, value, "x"]
                #expect(throws: Never.self, "\(name)") { try CommandLineParser.parse(arguments) }
            }
        }
    }

    @Test("Values with a fixed list: the table lists exactly what the parser accepts")
    func choicesMatchTheParser() throws {
        let by = try #require(CommandLineOption.named("--by"))
        #expect(by.choices == MusicVideoQuery.Attribute.allCases.map(\.rawValue))
        let sort = try #require(CommandLineOption.named("--sort"))
        #expect(sort.choices == MusicVideoOrder.Key.allCases.map(\.rawValue))
        let format = try #require(CommandLineOption.named("--format"))
        #expect(format.choices == OutputFormat.allCases.map(\.rawValue))
        for choice in format.choices {
            let command = try CommandLineParser.parse(["--format", choice, "x"])
            guard case .search(let parsed) = command else { throw UsageError("not a search") }
            #expect(parsed.format?.rawValue == choice)
        }
    }
}
