import JSON

extension MCPServer {
    /// Handles one message: answers requests (tool calls in tasks of their own), acts on the
    /// notifications it knows and ignores the others.
    func dispatch(_ message: JSONRPCMessage) {
        switch message {
        case .request(let id, let method, let params):
            let result: Result<JSONValue, JSONRPCError>
            do {
                switch method {
                case "initialize": result = .success(try initialize(params))
                case "ping": result = .success(.object(try paramsObject(params)))
                case "tools/list": result = .success(try listTools(params))
                case "tools/call":
                    try startCall(id: id, params: params)
                    return
                default: result = .failure(.methodNotFound(method))
                }
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let value): output.send(.response(id: id, result: value))
            case .failure(let error): output.send(.errorResponse(id: id, error: error))
            }
        case .notification(let method, let params):
            switch method {
            case "notifications/initialized": log("mcp: client initialized")
            case "notifications/cancelled": cancelCall(params)
            default: break  // unknown notifications are ignored, as JSON-RPC asks
            }
        case .response, .errorResponse:
            log("mcp: ignored a response (this server sends no requests)")
        }
    }

    private func paramsObject(_ params: JSONValue?) throws(JSONRPCError) -> JSONObject {
        switch params {
        case nil: return JSONObject()
        case .object(let object)?: return object
        default: throw .invalidParams(#"Invalid params: "params" must be an object"#)
        }
    }

    private func initialize(_ params: JSONValue?) throws(JSONRPCError) -> JSONValue {
        let object = try paramsObject(params)
        guard let asked = object["protocolVersion"]?.stringValue else {
            throw .invalidParams(#"Invalid params: "protocolVersion" must be a string"#)
        }
        let supported = Self.supportedProtocolVersions
        let version = supported.contains(asked) ? asked : supported[0]
        log("mcp: client asked for protocol \(asked); speaking \(version)")
        var serverInfo: JSONObject = ["name": .string(info.name)]
        if let title = info.title { serverInfo["title"] = .string(title) }
        serverInfo["version"] = .string(info.version)
        var result: JSONObject = [
            "protocolVersion": .string(version),
            "capabilities": ["tools": ["listChanged": false]],
            "serverInfo": .object(serverInfo),
        ]
        if let instructions = info.instructions { result["instructions"] = .string(instructions) }
        return .object(result)
    }

    private func listTools(_ params: JSONValue?) throws(JSONRPCError) -> JSONValue {
        _ = try paramsObject(params)  // a cursor is ignored: every tool is on the one page
        return ["tools": .array(tools.map { .object($0.jsonObject) })]
    }

    private func startCall(id: JSONRPCID, params: JSONValue?) throws(JSONRPCError) {
        let object = try paramsObject(params)
        guard let name = object["name"]?.stringValue else {
            throw .invalidParams(#"Invalid params: "name" must be a string"#)
        }
        guard let tool = toolsByName[name] else { throw .invalidParams("Unknown tool: \(JSONRPCError.excerpt(name))") }
        let arguments: JSONObject
        switch object["arguments"] {
        case nil: arguments = JSONObject()
        case .object(let given)?: arguments = given
        default: throw .invalidParams(#"Invalid params: "arguments" must be an object"#)
        }
        let token: JSONRPCID?
        switch object["_meta"]?["progressToken"] {
        case nil: token = nil
        case let value?:
            guard let valid = JSONRPCID(value) else {
                throw .invalidParams(#"Invalid params: "progressToken" must be a string or an integer"#)
            }
            token = valid
        }
        do {
            try calls.reserve(id, limit: maximumConcurrentCalls)
        } catch {
            switch error {
            case .duplicateID:
                throw JSONRPCError.invalidRequest("Invalid Request: request id \(id) is already in use")
            case .full:
                throw JSONRPCError(
                    code: JSONRPCError.serverBusyCode,
                    message: "Server busy: \(maximumConcurrentCalls) tool calls are running; retry when one ends")
            }
        }
        let (calls, output, log) = (self.calls, self.output, self.log)
        let context = MCPToolContext(requestID: id, progressToken: token) { params in
            calls.whileActive(id) {
                output.send(.notification(method: "notifications/progress", params: .object(params)))
            }
        }
        let task = Task {
            let result = await tool.handler(arguments, context)
            let answered = calls.finish(id) { output.send(.response(id: id, result: result.jsonValue)) }
            if !answered { log("mcp: call \(id) to \(name) ended after its cancellation; not answered") }
        }
        calls.attach(task, to: id)
    }

    private func cancelCall(_ params: JSONValue?) {
        guard let id = params?["requestId"].flatMap(JSONRPCID.init) else {
            log("mcp: ignored a cancellation without a valid requestId")
            return
        }
        let reason = params?["reason"]?.stringValue.map { ": \($0)" } ?? ""
        if calls.cancel(id) {
            log("mcp: cancelled call \(id)\(reason)")
        } else {
            log("mcp: ignored a cancellation of \(id), which is not in flight")
        }
    }
}
