import Domain
import Foundation

/// One operation of the catalogue, declared once: its name and summary, its typed parameters,
/// how it builds and checks its domain query and runs it, the rows it returns, where a row leads
/// in a session, and how the command line chooses it. From this one value come the command-line
/// option and its help, the HTTP route with its OpenAPI entry, and the MCP tool with its input
/// and output schemas. `OperationRegistry.standard` lists the catalogue's own.
public struct CatalogOperation: Sendable {
    /// How the command line chooses the operation.
    public enum CommandLineChoice: Sendable, Equatable {
        /// Words alone (`mvsearch clairo`): the search.
        case byDefault
        /// An option of its own (`--top`, `--id N`), with its help and its line under `Usage:`.
        case option(long: String, help: String, usage: String)
    }

    /// Where a row leads when it is chosen in a session.
    public enum RowDestination: Sendable, Equatable {
        /// The video's details.
        case videoDetails
        /// The artist's music videos.
        case artistVideos
        /// A search for the row's term.
        case search
        /// The chart of the row's genre.
        case chart
    }

    /// `search`, `artist-videos`: the route's last segment, the tool's name after `mvsearch_`.
    public let name: String
    /// A few words for people: `Search music videos`.
    public let title: String
    /// One or two sentences: what it returns and when to use it (an agent reads it to choose).
    public let summary: String
    public let parameters: [OperationParameter]
    public let rows: RowSchema
    public let commandLine: CommandLineChoice
    public let rowsLeadTo: RowDestination
    /// Whether it asks the iTunes service (and so costs a request of the budget unless cached);
    /// `history` reads only this machine.
    public let asksService: Bool
    private let perform: @Sendable (OperationArguments, CatalogServices) async throws(OperationFailure) -> [CatalogRow]

    /// - Parameters:
    ///   - perform: Builds the domain query from checked arguments (its `validated()` applies
    ///     the domain's rules), runs the use case and maps its items to rows.
    public init(
        name: String, title: String, summary: String, parameters: [OperationParameter], rows: RowSchema,
        commandLine: CommandLineChoice, rowsLeadTo: RowDestination, asksService: Bool = true,
        perform:
            @escaping @Sendable (OperationArguments, CatalogServices) async throws(OperationFailure) -> [CatalogRow]
    ) {
        self.name = name
        self.title = title
        self.summary = summary
        self.parameters = parameters
        self.rows = rows
        self.commandLine = commandLine
        self.rowsLeadTo = rowsLeadTo
        self.asksService = asksService
        self.perform = perform
    }

    /// The command line's option that chooses it: `--top`; `--<name>` when it has none of its own.
    public var optionName: String {
        if case .option(let long, _, _) = commandLine { return long }
        return "--" + name
    }

    /// The parameter named `name`.
    public func parameter(_ name: String) -> OperationParameter? {
        parameters.first { $0.name == name }
    }

    /// Checks what a front end received against the parameters, and adds the defaults.
    /// - Parameters:
    ///   - inputs: Values by parameter name, as received (a URL's query, a tool call's arguments).
    ///   - defaults: The settings' country and page size.
    ///   - frontEndParameters: What the front end takes itself besides the parameters (HTTP's
    ///     `fields`), named with them when an unknown one is given.
    /// - Throws: `OperationFailure.invalidArgument` for an unknown parameter, a value of the
    ///   wrong kind, or a required one missing.
    public func arguments(
        _ inputs: [(name: String, value: ArgumentInput)], defaults: OperationDefaults,
        frontEndParameters: [String] = []
    ) throws(OperationFailure) -> OperationArguments {
        var arguments = OperationArguments()
        for (name, input) in inputs {
            guard let parameter = parameter(name) else {
                let known = parameters.map(\.name) + frontEndParameters
                throw .invalidArgument(
                    parameter: name, message: "\(self.name) has no parameter \"\(OperationFailure.shortened(name))\"",
                    hint: known.isEmpty ? "call it without arguments" : "use \(known.joined(separator: ", "))")
            }
            guard arguments.values[name] == nil else {
                throw .invalidArgument(parameter: name, message: "\(name) is given twice", hint: "give it once")
            }
            arguments.set(name, try parameter.value(from: input))
        }
        for parameter in parameters where arguments.values[parameter.name] == nil {
            if let value = parameter.defaultValue(defaults) {
                arguments.set(parameter.name, value)
            } else if parameter.isRequired {
                throw .invalidArgument(
                    parameter: parameter.name, message: "\(parameter.name) is required",
                    hint: "give \(parameter.name): \(parameter.summary)")
            }
        }
        return arguments
    }

    /// Runs the operation on checked arguments.
    /// - Returns: The rows, or why there are none; never throws.
    public func run(_ arguments: OperationArguments, services: CatalogServices) async -> OperationOutcome {
        do {
            let rows = try await perform(arguments, services)
            try Task.checkCancellation()
            return rows.isEmpty
                ? .nothingFound(OperationResult(rows: [], schema: self.rows))
                : .found(
                    OperationResult(rows: rows, schema: self.rows))
        } catch let failure as OperationFailure {
            return .failed(failure)
        } catch {
            return .failed(OperationFailure(.cancelled, message: "the request was cancelled"))
        }
    }
}

/// The use cases' failures as operation failures: each operation's `perform` runs its use case
/// through this.
func performing<Value>(_ work: () async throws(CatalogError) -> Value) async throws(OperationFailure) -> Value {
    do {
        return try await work()
    } catch {
        throw OperationFailure(error)
    }
}

/// A domain query's rules, as operation failures naming the parameter.
func validating<Query>(_ validate: () throws(QueryProblem) -> Query) throws(OperationFailure) -> Query {
    do {
        return try validate()
    } catch {
        throw OperationFailure.failure(for: error)
    }
}
