extension Invocation {
    /// Every option given on the command line must shape the run: one that does not (`--limit`
    /// with `--history`, `--by` with `--top`, `--json` with `-i`) would be silently ignored, and
    /// the results would not be what was asked for. Each option's row says which runs it shapes
    /// (`CommandLineOption.scopes`). A value from the settings file or the environment is never refused: only what was typed.
    /// - Parameters:
    ///   - route: The run chosen.
    ///   - name: The option that chose it, when one did.
    static func checkOptionsApply(_ options: SearchOptions, to route: Route, named name: String?)
        throws(UsageError)
    {
        // What the run is, as each of its parts is named in a message: the session (or the picker)
        // first, then the list it starts on. An option applies to a part when it shapes any of the
        // part's scopes.
        var parts: [(scopes: Set<CommandLineOption.Scope>, place: String)] = []
        switch route {
        case .search: parts = [([.search], "a search")]
        case .lookup: parts = [([.lookup], name ?? "--id")]
        case .list: break
        case .interactive: parts = [([.session], name ?? "the interactive session")]
        case .pick: parts = [([.pick], "--pick")]
        case .history: parts = [([.history], "--history")]
        case .clearHistory: parts = [([.clearHistory], "--clear-history")]
        case .settings: parts = [([.settings], "--settings")]
        case .service(let frontEnd): parts = [([frontEnd == .serve ? .serve : .mcp], frontEnd.rawValue)]
        case .operation: parts = [([.operation], name ?? "the operation")]
        }
        if let list = options.listCommand {
            var scopes: Set<CommandLineOption.Scope> = [.list]
            if options.interactive || options.pick { scopes.insert(.sessionList) }
            if options.pick && list.rowsAreVideos { scopes.insert(.videoListPick) }
            parts.append((scopes, list.option.long))
        }
        let given = CommandLineOption.all.filter { options.given.contains($0.long) }
        for (scopes, place) in parts {
            let refused = given.filter { $0.scopes.isDisjoint(with: scopes) }.map(\.long)
            guard !refused.isEmpty else { continue }
            let one = refused.count == 1
            throw UsageError(
                "\(refused.joined(separator: " and ")) \(one ? "does" : "do") not apply to \(place) — drop \(one ? "it" : "them")"
            )
        }
    }
}
