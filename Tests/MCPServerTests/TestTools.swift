import JSON
import MCPServer
import Synchronization

/// Tools for the server's tests, each doing one thing a test needs.
enum TestTools {
    static let names = ["echo", "fail", "slow", "untilCancelled", "progress", "ignoresCancellation", "keepsContext"]

    /// What the tools tell the test, and what the test tells them.
    final class Probe: Sendable {
        let releaseSlow = Signal()
        let slowStarted = Signal()
        let cancellationSeen = Signal()
        let handlerReturned = Signal()
        let sawCancellation = Mutex(false)
        let keptContext = Mutex<MCPToolContext?>(nil)
    }

    static func all(probe: Probe) -> [MCPTool] {
        let noArguments = JSONSchema.object(properties: [])
        return [
            MCPTool(
                name: "echo", title: "Echo", description: "Returns its arguments.",
                inputSchema: JSONSchema.object(properties: [("text", JSONSchema.string())], required: ["text"]),
                outputSchema: JSONSchema.object(properties: [("echo", JSONSchema.string())]),
                annotations: MCPToolAnnotations(
                    title: "Echo", readOnlyHint: true, destructiveHint: false, idempotentHint: true,
                    openWorldHint: false)
            ) { arguments, _ in
                .success(structured: ["echo": arguments["text"] ?? nil])
            },
            MCPTool(name: "fail", description: "Always fails.", inputSchema: noArguments) { _, _ in
                .error("It failed; try again later.", structured: ["reason": "always"])
            },
            MCPTool(name: "slow", description: "Waits for the test.", inputSchema: noArguments) { _, _ in
                probe.slowStarted.raise()
                await probe.releaseSlow.wait()
                return .success(structured: ["slow": true])
            },
            MCPTool(name: "untilCancelled", description: "Runs until cancelled.", inputSchema: noArguments) { _, _ in
                probe.slowStarted.raise()
                try? await Task.sleep(for: .seconds(60))
                probe.sawCancellation.withLock { $0 = Task.isCancelled }
                probe.cancellationSeen.raise()
                defer { probe.handlerReturned.raise() }
                return .success(structured: ["finished": true])
            },
            MCPTool(name: "progress", description: "Reports progress.", inputSchema: noArguments) { _, context in
                context.reportProgress(progress: 1, total: 3, message: "one")
                context.reportProgress(progress: 1, total: 3, message: "one again")
                context.reportProgress(progress: 0.5)
                context.reportProgress(progress: 2.5)
                context.reportProgress(progress: 3, total: 3)
                return .success(structured: ["done": true])
            },
            MCPTool(name: "ignoresCancellation", description: "Never ends.", inputSchema: noArguments) { _, _ in
                probe.slowStarted.raise()
                await probe.releaseSlow.wait()
                return .success(structured: [:])
            },
            MCPTool(name: "keepsContext", description: "Keeps its context.", inputSchema: noArguments) { _, context in
                probe.keptContext.withLock { $0 = context }
                return .success(structured: [:])
            },
        ]
    }
}
