import Domain
import Foundation
import Presentation

/// What the command line asks for.
enum Command: Equatable, Sendable {
    case help
    case version
    case search(SearchOptions)
}

/// The front ends other than the command itself: the first word of the command line.
enum FrontEnd: String, Sendable, CaseIterable {
    /// HTTP/1.1 on loopback.
    case serve
    /// The Model Context Protocol over standard input and output.
    case mcp
}

/// Everything a search run was given on the command line; `nil` where the user said nothing
/// and a default (or the environment) decides.
struct SearchOptions: Equatable, Sendable {
    /// What `--help` or `--version` asks for instead of a search.
    enum Action: Equatable, Sendable {
        case help, version
    }

    var action: Action?
    /// `mvsearch serve` or `mvsearch mcp`: the catalogue as a service, instead of a command.
    var frontEnd: FrontEnd?
    /// `--listen HOST:PORT` (`serve`).
    var listen: String?
    /// `--token-file FILE` (`serve`): the bearer token every request must carry.
    var tokenFile: String?
    /// `--cors ORIGIN` (`serve`): the one web origin whose pages may read the answers.
    var corsOrigin: String?
    /// The long names of the options given, each once, in the order first given: what
    /// `Invocation` checks applies to the run (a setting from the file or the environment is
    /// never refused).
    var given: [String] = []
    var termWords: [String] = []
    var limit: Int?
    var offset: Int?
    var country: String?
    var attribute: MusicVideoQuery.Attribute = .any
    var allowsExplicit = true
    var format: OutputFormat?
    /// `--json FIELDS`: the JSON keys asked for, in order, not yet checked against the entity.
    var jsonFields: [String]?
    /// `--sort`: the order of one-shot output, rather than the service's.
    var sort: MusicVideoOrder.Key?
    /// `--reverse`: `--sort`'s order the other way round.
    var reverse = false
    /// What the settings' own options set (`--no-mouse`: `mouse` → `off`), by the setting's key,
    /// as text checked by the setting's declaration (`SettingsTable`).
    var settingValues: [String: String] = [:]
    var verbose = false
    /// `--id`: one video's details.
    var lookupID: Int?
    /// A `ListCommand`'s option (`--artists`, `--top`): what it lists instead of videos.
    var listCommand: ListCommand?
    /// The numbers given to an operation's option (`--id`, `--artist-id`) and a list command's
    /// own options, parsed by their rows, by the name of the operation's parameter (`genre` → 14,
    /// `artistId` → 909253): read by the operation that declares them.
    var operationValues: [String: Int] = [:]
    /// An operation the table has no row of its own for (`CommandLineOption.generated(for:)`),
    /// and the values its rows were given as typed, by parameter name.
    var operationName: String?
    var operationInputs: [String: String] = [:]
    var interactive = false
    /// `--pick`: the full-screen session on the terminal, printing the videos chosen.
    var pick = false
    /// `--select-1`: a pick that finds a single video writes it without opening.
    var selectOne = false
    var noCache = false
    var offline = false
    var showHistory = false
    var clearHistory = false
    /// `--settings`: print the settings in effect and where each comes from.
    var showSettings = false

    /// The words joined with single spaces, as the query's term.
    var term: String { termWords.joined(separator: " ") }
}
