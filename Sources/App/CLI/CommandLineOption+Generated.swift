import Catalog
import Foundation

extension CommandLineOption {
    /// The option that chooses an operation (`--id N`, `--history`): its name, the value it takes
    /// and its help come from the operation's declaration, unless the command line words its help
    /// its own way.
    init(
        choosing operation: CatalogOperation, scopes: Set<Scope> = Set(Scope.allCases), help: String? = nil,
        apply: @escaping Apply
    ) {
        let (long, declaredHelp) =
            switch operation.commandLine {
            case .option(let long, let help, _): (long, help)
            case .byDefault: ("--" + operation.name, operation.summary)
            }
        let value = operation.parameters.lazy.compactMap { parameter -> Value? in
            if case .operationValue(let placeholder) = parameter.commandLine { return .required(placeholder) }
            return nil
        }.first
        self.init(
            long, short: nil, aliases: [], value: value ?? .none, acceptsNext: { _ in false }, choices: [],
            scopes: scopes, parameter: nil, helpLines: [help ?? declaredHelp], apply: apply)
    }

    /// Rows for what a registry declares that the table does not spell yet: an operation's own
    /// option and its parameters' options, each from its declaration, so that an operation
    /// declared in Catalog shows in `--help` (and the man page check) as it is. None for the
    /// standard registry, whose every operation and parameter the table spells (a test checks it).
    static func generated(for registry: OperationRegistry) -> [CommandLineOption] {
        var known = Set(spelled.map(\.long))
        var rows: [CommandLineOption] = []
        for operation in registry.operations {
            if case .option(let long, _, _) = operation.commandLine, known.insert(long).inserted {
                let value = operation.parameters.first { $0.commandLine.isOperationValue }?.name
                rows.append(
                    CommandLineOption(choosing: operation, scopes: [.operation]) {
                        options, argument throws(UsageError) in
                        if let other = options.operationName, other != operation.name {
                            throw UsageError("--\(other) and \(long) cannot be used together — choose one")
                        }
                        options.operationName = operation.name
                        if let value, let text = argument.value { options.operationInputs[value] = text }
                    })
            }
            for parameter in operation.parameters {
                guard let flag = parameter.flag, known.insert(flag).inserted else { continue }
                rows.append(
                    CommandLineOption(parameter, scopes: [.operation], help: parameter.summary) {
                        options, argument throws(UsageError) in
                        options.operationInputs[parameter.name] = argument.value ?? "false"
                    })
            }
        }
        return rows
    }
}
