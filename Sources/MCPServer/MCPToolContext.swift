import JSON
import Synchronization

/// What a tool handler knows of its call, and how it reports progress.
public final class MCPToolContext: Sendable {
    /// The id of the `tools/call` request.
    public let requestID: JSONRPCID
    /// The client's `_meta.progressToken`, when it asked for progress.
    public let progressToken: JSONRPCID?
    private let send: @Sendable (JSONObject) -> Void
    private let lastProgress = Mutex<Double?>(nil)

    /// A context; the server makes one per call (tests of handlers may make their own).
    /// - Parameters:
    ///   - requestID: The call's id.
    ///   - progressToken: The client's progress token.
    ///   - sendProgress: Sends the params of one `notifications/progress`.
    public init(
        requestID: JSONRPCID, progressToken: JSONRPCID?, sendProgress: @escaping @Sendable (JSONObject) -> Void
    ) {
        self.requestID = requestID
        self.progressToken = progressToken
        self.send = sendProgress
    }

    /// Sends `notifications/progress` when the client gave a progress token; does nothing
    /// otherwise, nor once the call has been answered or cancelled.
    ///
    /// Progress must increase with every notification: a value not greater than the last one
    /// sent (or not finite) is dropped.
    /// - Parameters:
    ///   - progress: How far the call has come.
    ///   - total: The value `progress` will reach, when known.
    ///   - message: What the call is doing, for people.
    public func reportProgress(progress: Double, total: Double? = nil, message: String? = nil) {
        guard let progressToken, progress.isFinite else { return }
        let isNew = lastProgress.withLock { last in
            if let previous = last, progress <= previous { return false }
            last = progress
            return true
        }
        guard isNew else { return }
        var params: JSONObject = ["progressToken": progressToken.jsonValue, "progress": number(progress)]
        if let total, total.isFinite { params["total"] = number(total) }
        if let message { params["message"] = .string(message) }
        send(params)
    }

    private func number(_ value: Double) -> JSONValue {
        if let integer = Int(exactly: value) { return .integer(integer) }
        return .number(value)
    }
}
