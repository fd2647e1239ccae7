import Catalog
import Testing

@testable import App

/// The options that give an operation its value (`--id N`, `--artist-id N`, `--also N`) and the
/// picker's `--select-1`, whose reach the table declares.
@Suite("Options that give an operation its id")
struct OperationValueOptionTests {
    private func route(_ arguments: [String]) throws -> (SearchOptions, Invocation.Route) {
        guard case .search(let options) = try CommandLineParser.parse(arguments) else {
            throw UsageError("not a run")
        }
        return (options, try Invocation.route(for: options, inputIsTerminal: false))
    }

    @Test(
        "Given an id that is not positive, when parsed, then the message names the option that was given it",
        arguments: [
            (["--also", "0"], "option --also needs a positive store id, not 0 — give one such as 1451289202"),
            (["--also", "-3"], "option --also needs a positive store id, not -3 — give one such as 1451289202"),
            (
                ["--pick", "--also", "0"],
                "option --also needs a positive store id, not 0 — give one such as 1451289202"
            ),
            (
                ["--artist-id", "0"],
                "option --artist-id needs a positive store id, not 0 — give one such as 1451289202"
            ),
            (["--id", "0"], "option --id needs a positive store id, not 0 — give one such as 1451289202"),
        ])
    func notPositive(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
    }

    @Test("Given --id N, then the lookup's id parameter is N, as --also's is for also, each from its own option")
    func eachOperationItsOwnValue() throws {
        let (lookup, lookupRoute) = try route(["--id", "5001"])
        #expect(lookupRoute == .lookup(5001))
        let lookupArguments = ListArguments(term: "", country: "US", limit: 5, options: lookup)
        #expect(lookupArguments.operationArguments(for: .lookup).integer("id") == 5001)
        let (also, _) = try route(["--also", "42"])
        let alsoArguments = ListArguments(term: "", country: "US", limit: 5, options: also)
        #expect(alsoArguments.operationArguments(for: .also).integer("id") == 42)
        #expect(also.lookupID == nil)
    }

    @Test("Given --select-1, then a pick from a list of videos takes it, and a list written once or of artists not")
    func selectOneScope() throws {
        for arguments in [["--pick", "--select-1", "--artist-id", "5"], ["--pick", "--select-1", "--top"]] {
            #expect(try route(arguments).1 == .pick, "\(arguments)")
        }
        #expect(throws: UsageError("--select-1 does not apply to --artists — drop it")) {
            try route(["--pick", "--select-1", "--artists", "clairo"])
        }
        #expect(throws: UsageError("--select-1 does not apply to --top — drop it")) {
            try route(["--select-1", "--top"])
        }
        #expect(CommandLineOption.named("--select-1")?.scopes == [.pick, .videoListPick])
    }

    @Test("Given a full-screen setting, then a session that starts on a list takes it, and a list written once not")
    func fullScreenSettingsOnASessionList() throws {
        for arguments in [
            ["--pick", "--top", "--no-mouse"], ["-i", "--top", "--no-images"],
            ["-i", "--artist-id", "5", "--no-mouse"],
            ["--pick", "--artists", "x", "--no-images"], ["-i", "--top", "--remember", "never"],
        ] {
            #expect(throws: Never.self, "\(arguments)") { try route(arguments) }
        }
        #expect(throws: UsageError("--no-mouse does not apply to --top — drop it")) {
            try route(["--top", "--no-mouse"])
        }
        #expect(throws: UsageError("--by does not apply to --top — drop it")) {
            try route(["-i", "--top", "--by", "song"])
        }
    }
}
