import Catalog
import Foundation
import Networking
import Presentation
import Testing

@testable import App

/// The man page and the bash, zsh and fish completions are written by hand; these tests keep
/// them in step with the option table, its value lists and the JSON keys.
@Suite("The man page and the completions follow the option table")
struct ManPageAndCompletionsTests {
    /// The repository's root, from this file's place in it.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every name and spelling the parser accepts.
    private static let allNames = Set(CommandLineOption.all.flatMap(\.names))
    /// The names `--help` shows.
    private static let shownNames = Set(CommandLineOption.all.flatMap { [$0.short, $0.long].compactMap { $0 } })

    /// The names of the options only `serve` or `mcp` take (`--listen`): offered after the
    /// front end's word only.
    private static let frontEndOnlyNames = Set(
        CommandLineOption.all.filter { $0.scopes.isSubset(of: CommandLineOption.Scope.services) }.flatMap(\.names))

    /// The names offered after `serve` or `mcp`: the options the table scopes to that front end
    /// (among others), and `-v` and `-h`, which suit every run.
    private static func frontEndNames(_ scope: CommandLineOption.Scope) -> Set<String> {
        let everywhere = Set(CommandLineOption.Scope.allCases)
        return Set(
            CommandLineOption.all.filter { option in
                option.scopes.contains(scope)
                    && (option.scopes != everywhere || ["--verbose", "--help"].contains(option.long))
            }.flatMap(\.names))
    }

    private static func choices(of name: String) -> [String] {
        CommandLineOption.named(name)?.choices ?? []
    }

    /// Roff with `\-` as `-` and without font changes.
    private static func plain(_ roff: some StringProtocol) -> String {
        roff.replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: #"\\f[BIRP]"#, with: "", options: .regularExpression)
    }

    /// The lines of a section of the man page, from `.SH NAME` to the next `.SH`.
    private static func section(_ name: String, of page: String) -> [Substring] {
        let lines = page.split(separator: "\n")
        guard let start = lines.firstIndex(of: Substring(".SH \(name)")) else { return [] }
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(".SH ") })
    }

    /// Option names in a text: `-l`, `--limit`, `--no-colour`.
    private static func optionNames(in text: String) -> Set<String> {
        let pattern = #/(?:^|[^\w-])(--?[a-zA-Z][a-zA-Z0-9-]*)/#
        return Set(text.matches(of: pattern).map { String($0.output.1) })
    }

    /// The words of a shell variable assigned in single quotes: `name='a b c'`.
    private static func words(of variable: String, in script: String) -> [String] {
        guard let start = script.range(of: "\(variable)='"),
            let end = script[start.upperBound...].firstIndex(of: "'")
        else { return [] }
        return script[start.upperBound..<end].split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test("The man page's OPTIONS are exactly the table's, each tagged with its names and placeholder")
    func manPageOptions() throws {
        let page = try Self.text("man/mvsearch.1")
        let options = Self.section("OPTIONS", of: page)
        let tags = options.indices.filter { options[$0] == ".TP" }.map { Self.plain(options[$0 + 1]) }
        let expected = CommandLineOption.all.map { $0.synopsis.trimmingCharacters(in: .whitespaces) } + ["--"]
        #expect(tags == expected)
        #expect(Self.optionNames(in: tags.joined(separator: " ")) == Self.shownNames)
        for alias in CommandLineOption.all.flatMap(\.aliases) {
            #expect(Self.plain(options.joined(separator: "\n")).contains(alias), "\(alias)")
        }
    }

    @Test("The man page describes every format, every JSON key and every exit status")
    func manPageOutputAndExitStatus() throws {
        let page = try Self.text("man/mvsearch.1")
        let output = Self.section("OUTPUT", of: page)
        for format in OutputFormat.allCases.map(\.rawValue) {
            #expect(output.contains(".B \(format)"), "\(format)")
        }
        let keys = Self.plain(output.joined(separator: "\n"))
        for key in JSONFields.known {
            #expect(keys.contains(key + ",") || keys.contains(key + ".") || keys.contains(key + " "), "\(key)")
        }
        let statuses = Self.section("EXIT STATUS", of: page)
        let listed = statuses.indices.filter { statuses[$0] == ".TP" }.map { statuses[$0 + 1] }
        #expect(listed == ExitStatus.allCases.map { ".B \($0.rawValue)" })
        for name in ["NAME", "SYNOPSIS", "DESCRIPTION", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"] {
            #expect(page.contains(".SH \(name)\n"), "\(name)")
        }
    }

    @Test(
        "The man page's FILES lists exactly the declared settings' keys, in order; ENVIRONMENT every variable they read"
    )
    func manPageSettings() throws {
        let page = try Self.text("man/mvsearch.1")
        let files = Self.section("FILES", of: page)
        #expect(Self.plain(files.joined(separator: "\n")).contains("$XDG_CONFIG_HOME/mvsearch/config"))
        // The keys are the tagged items between .RS and .RE of the settings file's entry.
        let start = try #require(files.firstIndex(of: ".RS"))
        let end = try #require(files[start...].firstIndex(of: ".RE"))
        let keys = files[start..<end].indices.filter { files[$0] == ".TP" }.map { files[$0 + 1] }
        #expect(keys == SettingsTable.shared.all.map { ".B \($0.key)" })
        let environment = Self.section("ENVIRONMENT", of: page)
        let variables = Self.plain(
            environment.indices.filter { environment[$0] == ".TP" }.map { environment[$0 + 1] }.joined(separator: " "))
        for variable in SettingsTable.shared.all.flatMap(\.variableNames) + ["XDG_CONFIG_HOME"] {
            #expect(variables.contains(variable), "\(variable)")
        }
        // Each key's entry names the options that set it too.
        let block = Array(files[start..<end])
        let tags = block.indices.filter { block[$0] == ".TP" }
        for setting in SettingsTable.shared.all {
            guard let at = tags.first(where: { block[$0 + 1] == ".B \(setting.key)" }) else { continue }
            let entry = Self.plain(block[at..<(tags.first { $0 > at } ?? block.endIndex)].joined(separator: "\n"))
            for option in setting.options {
                #expect(entry.contains(option.long), "\(setting.key): \(option.long)")
            }
        }
    }

    @Test("Each completion offers the values of every option that takes one of a fixed list")
    func completionValueLists() throws {
        let bash = try Self.text("completions/mvsearch.bash")
        let zsh = try Self.text("completions/_mvsearch")
        let fish = try Self.text("completions/mvsearch.fish")
        for option in CommandLineOption.all where !option.choices.isEmpty && option.value != .none {
            guard option.long != "--json" else { continue }  // the JSON keys, tested above
            let words = option.choices.joined(separator: " ")
            #expect(bash.contains("\(option.long))") && bash.contains(words), "bash: \(option.long)")
            #expect(zsh.contains("\(option.long)") && zsh.contains(":(\(words))'"), "zsh: \(option.long)")
            #expect(fish.contains("-l \(option.long.dropFirst(2)) -x -a '\(words)'"), "fish: \(option.long)")
        }
    }

    @Test("bash: every option, the value lists of --format, --by and --sort, and the JSON keys")
    func bash() throws {
        let script = try Self.text("completions/mvsearch.bash")
        let options = Self.words(of: "_mvsearch_options", in: script)
        #expect(Set(options) == Self.allNames.subtracting(Self.frontEndOnlyNames))
        #expect(options.count == Set(options).count)
        // After `serve` or `mcp`: what both take, and what serve alone takes.
        let shared = Self.words(of: "_mvsearch_service_options", in: script)
        #expect(Set(shared) == Self.frontEndNames(.mcp))
        #expect(Set(shared + Self.words(of: "_mvsearch_serve_options", in: script)) == Self.frontEndNames(.serve))
        #expect(Self.words(of: "_mvsearch_formats", in: script) == Self.choices(of: "--format"))
        #expect(Self.words(of: "_mvsearch_attributes", in: script) == Self.choices(of: "--by"))
        #expect(Self.words(of: "_mvsearch_sorts", in: script) == Self.choices(of: "--sort"))
        #expect(Self.words(of: "_mvsearch_fields", in: script) == JSONFields.known)
        // The options that take a value complete no option after them.
        let valued = CommandLineOption.all.filter { if case .required = $0.value { true } else { false } }
        for option in valued {
            #expect(script.contains(" \(option.long)") || script.contains("\(option.long))"), "\(option.long)")
        }
    }

    @Test("zsh: every option in _arguments, the value lists, and the JSON keys")
    func zsh() throws {
        let script = try Self.text("completions/_mvsearch")
        #expect(script.hasPrefix("#compdef mvsearch\n"))
        let start = try #require(script.range(of: "_arguments -s -S \\\n")).upperBound
        let end = try #require(script.range(of: "'*:search term:_mvsearch_terms'\n}")).lowerBound
        let specs = String(script[start..<end])
        #expect(Self.optionNames(in: specs) == Self.allNames.subtracting(Self.frontEndOnlyNames))
        // After `serve` or `mcp`, `_mvsearch_service`: what both take, and serve's own options.
        let service = try #require(script.range(of: "\n_mvsearch_service() {\n")).upperBound
        let serviceEnd = try #require(script[service...].range(of: "\n}\n")).lowerBound
        let serviceBody = script[service..<serviceEnd]
        let serveOnly = try #require(serviceBody.range(of: "serve_only=(\n")).upperBound
        let serveOnlyEnd = try #require(serviceBody[serveOnly...].range(of: "\n  )\n")).lowerBound
        #expect(
            Self.optionNames(in: String(serviceBody[serveOnly..<serveOnlyEnd]))
                == Self.frontEndNames(.serve).subtracting(Self.frontEndNames(.mcp)))
        let shared = try #require(serviceBody.range(of: "_arguments -s -S \\\n")).upperBound
        #expect(Self.optionNames(in: String(serviceBody[shared...])) == Self.frontEndNames(.mcp))
        #expect(serviceBody.hasSuffix("\n    $serve_only"))
        #expect(specs.contains(":(\(Self.choices(of: "--format").joined(separator: " ")))'"))
        #expect(specs.contains(":(\(Self.choices(of: "--by").joined(separator: " ")))'"))
        #expect(specs.contains(":(\(Self.choices(of: "--sort").joined(separator: " ")))'"))
        let values = try #require(script.range(of: "_values -s , 'JSON key'")).upperBound
        let keys = script[values...].prefix { $0 != "}" }.replacingOccurrences(of: "\\\n", with: " ")
        #expect(keys.split(whereSeparator: \.isWhitespace).map(String.init) == JSONFields.known)
    }

    @Test("fish: every option as -s/-l, the value lists, and the JSON keys")
    func fish() throws {
        let script = try Self.text("completions/mvsearch.fish")
        var names = Set<String>()
        for line in script.split(separator: "\n") where line.hasPrefix("complete -c mvsearch") {
            let words = line.split(separator: " ")
            var lineNames = Set<String>()
            for (index, word) in words.enumerated().dropLast() {
                if word == "-s" { lineNames.insert("-" + words[index + 1]) }
                if word == "-l" { lineNames.insert("--" + words[index + 1]) }
            }
            names.formUnion(lineNames)
            // Serve's own options only after `serve`; those both front ends take everywhere; the
            // others only without a front end.
            guard !lineNames.isEmpty else { continue }
            if lineNames.isSubset(of: Self.frontEndOnlyNames) {
                #expect(line.contains(" -n '__mvsearch_service serve' "), "\(line)")
            } else if lineNames.isSubset(of: Self.frontEndNames(.mcp)) {
                #expect(!line.contains("__mvsearch_service"), "\(line)")
            } else {
                #expect(line.contains(" -n 'not __mvsearch_service' "), "\(line)")
            }
        }
        #expect(names == Self.allNames)
        let format = Self.choices(of: "--format").joined(separator: " ")
        #expect(script.contains("-l format -x -a '\(format)'"))
        let by = Self.choices(of: "--by").joined(separator: " ")
        #expect(script.contains("-l by -x -a '\(by)'"))
        let sort = Self.choices(of: "--sort").joined(separator: " ")
        #expect(script.contains("-l sort -x -a '\(sort)'"))
        #expect(script.contains("for field in \(JSONFields.known.joined(separator: " "))\n"))
    }

    @Test("Each completion offers the front ends, and help, as the first word")
    func frontEnds() throws {
        let bash = try Self.text("completions/mvsearch.bash")
        let zsh = try Self.text("completions/_mvsearch")
        let fish = try Self.text("completions/mvsearch.fish")
        let words = FrontEnd.allCases.map(\.rawValue)
        #expect(bash.contains("compgen -W '\(words.joined(separator: " ")) help'"))
        #expect(zsh.contains("'help:show the help'"))
        #expect(fish.contains("complete -c mvsearch -n __mvsearch_first_word -a help "))
        #expect(bash.contains("case ${COMP_WORDS[1]} in\n    \(words.joined(separator: " | ")))"))
        #expect(zsh.contains("[[ ${words[2]} == (\(words.joined(separator: "|"))) ]]"))
        for word in words {
            #expect(zsh.contains("'\(word):"), "\(word)")
            #expect(fish.contains("complete -c mvsearch -n __mvsearch_first_word -a \(word) "), "\(word)")
        }
    }

    @Test("The man page shows serve and mcp: synopsis, options, routes, tools, budget, token, ledger")
    func manPageFrontEnds() throws {
        let page = try Self.text("man/mvsearch.1")
        let synopsis = Self.section("SYNOPSIS", of: page)
        for frontEnd in FrontEnd.allCases {
            #expect(synopsis.contains(".B mvsearch \(frontEnd.rawValue)"), "\(frontEnd)")
        }
        let serve = Self.plain(Self.section("SERVE", of: page).joined(separator: "\n"))
        for route in ["/v1", "/openapi.json", "/healthz"] + OperationRegistry.standard.operations.map(\.name) {
            #expect(serve.contains(route), "\(route)")
        }
        let mcp = Self.section("MCP", of: page)
        let tools = OperationRegistry.standard.operations.map(CatalogMCPTools.toolName)
        #expect(mcp.indices.filter { mcp[$0] == ".TP" }.map { mcp[$0 + 1] } == tools.map { ".B \($0)" })
        #expect(mcp.contains(#"{"mcpServers": {"mvsearch": {"command": "mvsearch", "args": ["mcp"]}}}"#))
        let environment = Self.section("ENVIRONMENT", of: page)
        #expect(environment.contains(".B MVSEARCH_RATE"))
        #expect(environment.contains(".B MVSEARCH_SERVE_TOKEN"))
        let files = Self.plain(Self.section("FILES", of: page).joined(separator: "\n"))
        #expect(files.contains("\(SharedRateBudget.ledgerName).ledger"))
        #expect(files.contains(".\(SharedRateBudget.ledgerName).lock"))
    }

    @Test("Each completion reads the recent searches as plain lines, whatever format the settings file sets")
    func recentSearchesArePlain() throws {
        for path in ["completions/mvsearch.bash", "completions/_mvsearch", "completions/mvsearch.fish"] {
            let calls = try Self.text(path).split(separator: "\n").filter {
                !$0.hasPrefix("#") && $0.contains("mvsearch --history")
            }
            #expect(calls.count == 1, "\(path)")
            #expect(calls.allSatisfy { $0.contains("mvsearch --history --format plain ") }, "\(path)")
        }
    }
}
