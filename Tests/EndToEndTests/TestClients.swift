import Foundation
import Testing

/// The HTTP and MCP clients the service tests drive `serve` and `mcp` with: curl, and Python
/// scripts in `Tests/EndToEndTests/Clients` run by the test virtual environment's Python, which
/// `make test` makes (with the official MCP SDK from `Tests/requirements.txt`).
enum TestClients {
    /// The package's root folder, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A script in `Tests/EndToEndTests/Clients`.
    static func script(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/EndToEndTests/Clients/\(name)").path
    }

    /// `MVSEARCH_TEST_PYTHON`, or `.build/test-venv/bin/python3`.
    /// - Throws: When there is none: the test fails, naming `make test`, and never skips.
    static func python(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let named = ProcessInfo.processInfo.environment["MVSEARCH_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        let path = named ?? packageRoot.appendingPathComponent(".build/test-venv/bin/python3").path
        try #require(
            FileManager.default.isExecutableFile(atPath: path),
            """
            no Python with the MCP SDK at \(path): run `make test` (it makes .build/test-venv with \
            Tests/requirements.txt), or set MVSEARCH_TEST_PYTHON to a Python that has them
            """, sourceLocation: sourceLocation)
        return URL(fileURLWithPath: path)
    }

    /// Runs a client script; its report is the JSON object it prints on stdout.
    /// - Parameter environment: The folders of the test's own (`MVSearchProcess.environment`) and
    ///   what the script is told.
    static func run(
        _ script: String, _ arguments: [String], environment: [String: String] = MVSearchProcess.environment(),
        timeout: TimeInterval = 180, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let python = try python(sourceLocation: sourceLocation)
        let result = try await MVSearchProcess.run(
            [Self.script(script)] + arguments, environment: pythonEnvironment(environment), timeout: timeout,
            executable: python)
        try #require(
            result.status == 0, "\(script) \(arguments) exited \(result.status): \(result.stderr)",
            sourceLocation: sourceLocation)
        return try report(result.stdout, of: script, sourceLocation: sourceLocation)
    }

    /// The environment a script runs in: `environment`, no byte-code files, unbuffered output,
    /// and the built mvsearch as `MVSEARCH_BIN`.
    static func pythonEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.merging([
            "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1", "MVSEARCH_BIN": MVSearchProcess.executableURL.path,
        ]) { $1 }
    }

    /// The JSON object a script printed.
    static func report(_ stdout: String, of script: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [String: Any]
    {
        let report = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        return try #require(report, "\(script) printed no JSON object: \(stdout)", sourceLocation: sourceLocation)
    }
}

/// An HTTP answer as curl received it.
struct CurlAnswer {
    let status: Int
    /// Header names lower-cased.
    let headers: [String: String]
    let body: Data
    /// How long curl ran, as timed off the cooperative pool (never counting a wait of the test's
    /// own task for a thread).
    var duration: Duration = .zero

    /// The body as a JSON object.
    var object: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }

    /// `error.code` of an error body.
    var errorCode: String? { (object?["error"] as? [String: Any])?["code"] as? String }
    var errorMessage: String? { (object?["error"] as? [String: Any])?["message"] as? String }
}

/// curl, as a person scripting against `serve` runs it.
enum Curl {
    /// `curl -i` for `url` with `headers` (`Name: value`), method GET unless told; `options` are
    /// curl's own, before the URL (`--request-target`).
    static func get(
        _ url: String, headers: [String] = [], method: String? = nil, options: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CurlAnswer {
        // --disable first: no ~/.curlrc of anyone's.
        var arguments = ["--disable", "--silent", "--show-error", "--include", "--noproxy", "*", "--max-time", "30"]
        if let method { arguments += ["--request", method] }
        for header in headers { arguments += ["--header", header] }
        arguments += options
        arguments.append(url)
        let result = try await MVSearchProcess.run(arguments, environment: environment, executable: executable)
        try #require(result.status == 0, "curl \(url): \(result.stderr)", sourceLocation: sourceLocation)
        var answer = try #require(
            parse(Data(result.stdout.utf8)), "curl \(url): \(result.stdout)", sourceLocation: sourceLocation)
        answer.duration = result.duration
        return answer
    }

    static let executable = URL(fileURLWithPath: "/usr/bin/curl")
    /// No proxy variables, nothing of the developer's shell.
    static let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]

    private static func parse(_ data: Data) -> CurlAnswer? {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n")
        guard let statusLine = lines.first,
            let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return CurlAnswer(status: status, headers: headers, body: Data(data[end.upperBound...]))
    }
}
