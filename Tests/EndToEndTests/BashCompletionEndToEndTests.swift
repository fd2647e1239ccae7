import Foundation
import Testing

/// The bash completion driven as bash drives it: COMP_WORDS and COMP_CWORD set, `_mvsearch`
/// called, COMPREPLY read back. Recent searches come from the built `mvsearch --history`.
@Suite("mvsearch end to end: bash completion")
struct BashCompletionEndToEndTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("completions/mvsearch.bash")

    /// The replies for the command line `words`, the last word being completed; one a line.
    private func complete(_ words: [String], environment: [String: String] = MVSearchProcess.environment())
        async throws -> [String]
    {
        let driver = """
            source "$1" || exit 2
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _mvsearch
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await MVSearchProcess.run(
            ["-c", driver, "bash", Self.script.path] + words, environment: environment,
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("mvsearch --li<Tab> completes to --limit")
    func limit() async throws {
        #expect(try await complete(["mvsearch", "--li"]) == ["--limit"])
    }

    @Test("After --format (also --format=), the five formats")
    func formats() async throws {
        #expect(try await complete(["mvsearch", "--format", ""]) == ["table", "plain", "json", "jsonl", "m3u"])
        #expect(try await complete(["mvsearch", "--format", "=", "j"]) == ["json", "jsonl"])
        #expect(try await complete(["mvsearch", "x", "--format=p"]) == ["--format=plain"])
    }

    @Test("After --by, the fields; after --limit, nothing")
    func valuesOfOptions() async throws {
        #expect(try await complete(["mvsearch", "--by", ""]) == ["any", "artist", "song", "album"])
        #expect(try await complete(["mvsearch", "--limit", ""]).isEmpty)
    }

    @Test("--json completes keys, also after a comma, keeping what comes before it")
    func jsonKeys() async throws {
        #expect(try await complete(["mvsearch", "--json", "id,ti"]) == ["id,title"])
        #expect(
            try await complete(["mvsearch", "--json=art"])
                == ["--json=artist", "--json=artistId", "--json=artistUrl", "--json=artworkUrl"])
    }

    @Test("A term completes from the recent searches, quoted for the shell; after -- options are terms")
    func recentSearches() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-bash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let folder = state.appendingPathComponent("mvsearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let file = folder.appendingPathComponent("recent-searches.json")
        try Data(#"{"version":1,"searches":["jack johnson","clairo","jamiroquai","a;b $(touch x) `y`"]}"#.utf8).write(
            to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let products = MVSearchProcess.executableURL.deletingLastPathComponent().path
        let environment = MVSearchProcess.environment([
            "XDG_STATE_HOME": state.path, "PATH": products + ":/usr/bin:/bin",
        ])
        #expect(try await complete(["mvsearch", "ja"], environment: environment) == [#"jack\ johnson"#, "jamiroquai"])
        // A settings file asking for JSON does not turn the terms into JSON.
        let configuration = state.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: configuration.appendingPathComponent("mvsearch"), withIntermediateDirectories: true)
        let settings = configuration.appendingPathComponent("mvsearch/config")
        try Data("format = json\n".utf8).write(to: settings)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: settings.path)
        var jsonSettings = environment
        jsonSettings["XDG_CONFIG_HOME"] = configuration.path
        #expect(
            try await complete(["mvsearch", "ja"], environment: jsonSettings) == [#"jack\ johnson"#, "jamiroquai"])
        #expect(try await complete(["mvsearch", "-l", "5", "cl"], environment: environment) == ["clairo"])
        // A term is quoted so that the shell reads it back as the same one word, never runs it.
        #expect(try await complete(["mvsearch", "a;"], environment: environment) == [#"a\;b\ \$\(touch\ x\)\ \`y\`"#])
        #expect(try await complete(["mvsearch", "--", "--li"], environment: environment).isEmpty)
        // Without mvsearch on the PATH there is nothing to offer, and no error.
        #expect(try await complete(["mvsearch", "ja"]).isEmpty)
    }
}
