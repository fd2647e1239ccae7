import Foundation
import JSON
import MCPServer
import Networking
import Synchronization

/// The catalogue's operations as MCP tools: one tool per operation of a registry, named
/// `mvsearch_<operation>`, with its input and output schemas from the declaration. A call's
/// arguments are checked as every front end checks them; its rows are the structured content
/// (the same JSON as a text block); a bad argument or a failed call is a result with `isError`
/// and a message and hint worded for an agent, never a protocol error. Waits for the request
/// budget and retries are sent as progress when the client asked for it.
public enum CatalogMCPTools {
    /// The prefix of every tool's name.
    public static let namePrefix = "mvsearch_"

    /// - Parameters:
    ///   - registry: The operations to offer.
    ///   - services: What the operations run on.
    /// - Returns: One tool per operation, in the registry's order.
    public static func tools(for registry: OperationRegistry, services: CatalogServices) -> [MCPTool] {
        let defaults = OperationDefaults(
            country: services.settings.defaultCountry, limit: services.settings.defaultLimit)
        return registry.operations.map { operation in
            MCPTool(
                name: toolName(operation),
                title: operation.title,
                description: description(of: operation),
                inputSchema: operation.inputSchema(defaults: defaults),
                outputSchema: operation.outputSchema,
                annotations: MCPToolAnnotations(
                    title: operation.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true,
                    openWorldHint: operation.asksService)
            ) { arguments, context in
                await call(operation, arguments: arguments, defaults: defaults, services: services, context: context)
            }
        }
    }

    /// `mvsearch_search`, `mvsearch_artist_videos`: letters, digits and `_` only.
    public static func toolName(_ operation: CatalogOperation) -> String {
        namePrefix + String(operation.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    private static func description(of operation: CatalogOperation) -> String {
        let leads: String =
            switch operation.rowsLeadTo {
            case .videoDetails: "A row's id is a track id for mvsearch_lookup."
            case .artistVideos: "A row's id is an artistId for mvsearch_artist_videos."
            case .search: "A row's term can be searched again with mvsearch_search."
            case .chart: "A row's id is a genre for mvsearch_top."
            }
        return "\(operation.summary) Returns {\"\(operation.rows.name)\": [...]}, empty when nothing is found. \(leads)"
    }

    private static func call(
        _ operation: CatalogOperation, arguments: JSONObject, defaults: OperationDefaults, services: CatalogServices,
        context: MCPToolContext
    ) async -> MCPToolResult {
        let checked: OperationArguments
        do {
            checked = try operation.arguments(
                arguments.map { ($0.key, ArgumentInput($0.value)) }, defaults: defaults)
        } catch {
            return failure(error)
        }
        let progress = ProgressSteps(context: context)
        let observer = RequestProgressObserver { event in progress.report(event) }
        let outcome = await RequestProgress.$observer.withValue(observer) {
            await operation.run(checked, services: services)
        }
        switch outcome {
        case .found(let result), .nothingFound(let result): return .success(structured: result.jsonObject)
        case .failed(let failure): return self.failure(failure)
        }
    }

    private static func failure(_ failure: OperationFailure) -> MCPToolResult {
        .error(failure.message + (failure.hint.map { " — \($0)" } ?? ""))
    }
}

/// Turns the request events of one call into increasing progress notifications.
private final class ProgressSteps: Sendable {
    private let context: MCPToolContext
    private let step = Mutex(0)

    init(context: MCPToolContext) {
        self.context = context
    }

    func report(_ event: RequestProgressEvent) {
        let message: String
        switch event {
        case .waitingForBudget(let notice):
            message = "waiting \(Self.seconds(notice.wait)) s for the request budget (\(notice.rate.wording))"
        case .retrying(let notice):
            message = "retrying (try \(notice.attempt) of \(notice.maximumAttempts)) in \(Self.seconds(notice.delay)) s"
        case .finished:
            return
        }
        let next = step.withLock { step in
            step += 1
            return step
        }
        context.reportProgress(progress: Double(next), message: message)
    }

    private static func seconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}

extension ArgumentInput {
    /// A tool call's argument as received.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .boolean(flag)
        case .integer(let number): self = .integer(number)
        case .number(let number): self = .number(number)
        case .string(let text): self = .text(text)
        case .array, .object: self = .structured
        }
    }
}
