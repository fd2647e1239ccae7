import Foundation
import HTTPServer
import JSON
import Synchronization

/// The catalogue's operations over HTTP: `GET /v1/<operation>?<parameters>` answers the rows as
/// JSON (the command line's `--json` keys; `fields=id,title` keeps those), `GET /v1` lists the
/// operations, `GET /openapi.json` describes them (OpenAPI 3.1, from the registry) and
/// `GET /healthz` answers. Each failure is `{"error": {"code", "message", "hint"}}` with its
/// status: a bad parameter 400, nothing found 404, rate limited 429 with `Retry-After`, the
/// service failing 502, unreachable 503, too slow 504. Answers carry an `ETag` (a matching
/// `If-None-Match` gets 304) and `Cache-Control: max-age` from the response cache's time to
/// live, so a standard HTTP cache in front of it scales it. Identical requests in flight are
/// run once. Who may ask is checked first: the bearer token when there is one (401), the
/// `Host` header against the listening address (403, DNS rebinding), GET and HEAD only (405).
/// Every answer, the server's own refusals (400, 408, 413, 414, 431, 503, 505) among them,
/// carries `X-Content-Type-Options: nosniff`.
public final class CatalogHTTPService: HTTPRequestHandler {
    /// Who may ask, and what a browser may read.
    public struct Access: Sendable {
        /// The token every request must carry as `Authorization: Bearer`; `nil` for none
        /// (loopback only).
        public var token: [UInt8]?
        /// The one web origin whose pages may read the answers; `nil` sends no CORS headers.
        public var corsOrigin: String?

        public init(token: [UInt8]? = nil, corsOrigin: String? = nil) {
            self.token = token
            self.corsOrigin = corsOrigin
        }
    }

    private let registry: OperationRegistry
    private let services: CatalogServices
    private let access: Access
    private let defaults: OperationDefaults
    private let listening = Mutex<HTTPServerAddress?>(nil)
    private let inFlight = InFlightOperations()

    /// - Parameters:
    ///   - registry: The operations to offer.
    ///   - services: What they run on.
    ///   - access: The token and the CORS origin.
    public init(registry: OperationRegistry, services: CatalogServices, access: Access = Access()) {
        self.registry = registry
        self.services = services
        self.access = access
        defaults = OperationDefaults(country: services.settings.defaultCountry, limit: services.settings.defaultLimit)
    }

    /// Where the server listens, once it does: the `Host` header must name it, and
    /// `/openapi.json` names it as the server.
    public func listen(on address: HTTPServerAddress) {
        listening.withLock { $0 = address }
    }

    public func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
        var response = await answer(request)
        response.headers.add("X-Content-Type-Options", "nosniff")
        return response
    }

    /// A request the server refused itself (malformed, too long, too slow...), as every other
    /// error: `{"error": {"code", "message", "hint"}}`.
    public func refusal(_ refusal: HTTPRefusal) -> HTTPServerResponse {
        let code =
            switch refusal.status {
            case 408: "request_timeout"
            case 413: "body_not_accepted"
            case 414: "target_too_long"
            case 431: "headers_too_large"
            case 503: "unavailable"
            case 505: "version_not_supported"
            default: "bad_request"
            }
        var response = error(refusal.status, code: code, message: refusal.message, hint: refusal.hint)
        response.headers.add("X-Content-Type-Options", "nosniff")
        return response
    }

    private func answer(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        // A browser's preflight never carries the token: the allowed origin's is answered first.
        if request.method == "OPTIONS", let origin = access.corsOrigin, request.headers["origin"] == origin,
            hostIsListening(request)
        {
            return preflight(request)
        }
        if let refusal = refusal(of: request) { return refusal }
        if request.method == "OPTIONS" { return preflight(request) }
        var response = await route(request)
        if let origin = access.corsOrigin, request.headers["origin"] == origin {
            response.headers.add("Access-Control-Allow-Origin", origin)
            response.headers.add("Vary", "Origin")
        }
        return response
    }

    // MARK: Who may ask

    private func refusal(of request: HTTPServerRequest) -> HTTPServerResponse? {
        if let token = access.token, !BearerToken.matches(request.headers["authorization"], token: token) {
            var response = error(
                401, code: "unauthorized", message: "this server needs a bearer token",
                hint: "send Authorization: Bearer <token>")
            response.headers.add("WWW-Authenticate", "Bearer")
            return response
        }
        guard let host = request.headers["host"], !host.isEmpty else {
            return error(400, code: "bad_request", message: "the request has no Host header", hint: "send one")
        }
        if let address = listening.withLock({ $0 }), !HostHeader.names(host, listening: address) {
            return error(
                403, code: "forbidden_host", message: "the host the request names is not this server",
                hint: "ask for http://\(address)/")
        }
        let allowed = access.corsOrigin == nil ? ["GET", "HEAD"] : ["GET", "HEAD", "OPTIONS"]
        guard allowed.contains(request.method) else {
            var response = error(
                405, code: "method_not_allowed", message: "\(Self.excerpt(request.method)) is not served here",
                hint: "use \(allowed.joined(separator: " or "))")
            response.headers.add("Allow", allowed.joined(separator: ", "))
            return response
        }
        return nil
    }

    private func hostIsListening(_ request: HTTPServerRequest) -> Bool {
        guard let address = listening.withLock({ $0 }) else { return false }
        return HostHeader.names(request.headers["host"], listening: address)
    }

    private func preflight(_ request: HTTPServerRequest) -> HTTPServerResponse {
        var response = HTTPServerResponse(status: 204)
        if let origin = access.corsOrigin, request.headers["origin"] == origin {
            response.headers.add("Access-Control-Allow-Origin", origin)
            response.headers.add("Access-Control-Allow-Methods", "GET, HEAD")
            response.headers.add("Access-Control-Allow-Headers", "Authorization, If-None-Match")
            response.headers.add("Vary", "Origin")
        }
        return response
    }

    // MARK: Routes

    private func route(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        let path =
            request.path.count > 1 && request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
        switch path {
        case "/healthz":
            return json(200, JSONObject([("status", "ok")]), request: request, cacheControl: "no-store")
        case "/v1":
            return json(200, CatalogHTTPDescription.operations(registry, defaults: defaults), request: request)
        case "/openapi.json":
            let server = listening.withLock { $0 }.map { "http://\($0)" }
            return json(
                200, CatalogHTTPDescription.openAPI(registry, defaults: defaults, server: server), request: request)
        default:
            guard path.hasPrefix("/v1/"), let operation = registry.operation(named: String(path.dropFirst(4))) else {
                return error(
                    404, code: "not_found", message: "there is nothing at \(Self.excerpt(request.path))",
                    hint: "GET /v1 lists the operations")
            }
            return await run(operation, request)
        }
    }

    private func run(_ operation: CatalogOperation, _ request: HTTPServerRequest) async -> HTTPServerResponse {
        var fields: [String]?
        var inputs: [(name: String, value: ArgumentInput)] = []
        for (name, value) in request.query {
            if name == "fields" {
                guard fields == nil else {
                    return failure(.invalidArgument(parameter: "fields", message: "fields is given twice"))
                }
                fields = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            } else {
                inputs.append((name, .text(value)))
            }
        }
        let arguments: OperationArguments
        let result: OperationResult
        do {
            arguments = try operation.arguments(inputs, defaults: defaults, frontEndParameters: ["fields"])
            if let fields { _ = try operation.rows.positions(of: fields) }
        } catch {
            return failure(error)
        }
        let services = services
        let outcome = await inFlight.run(
            key: InFlightOperations.Key(operation: operation.name, arguments: arguments.values)
        ) {
            await operation.run(arguments, services: services)
        }
        switch outcome {
        case .found(let found):
            do {
                result = try fields.map { keys throws(OperationFailure) in try found.selecting(keys) } ?? found
            } catch {
                return failure(error)
            }
            // What only this machine holds (the recent searches) is never stored by a cache in front.
            let scope = access.token == nil ? "public" : "private"
            let cacheControl =
                operation.asksService
                ? "\(scope), max-age=\(Int(services.settings.cacheTimeToLive))" : "no-store"
            return json(200, text: result.jsonText, request: request, cacheControl: cacheControl)
        case .nothingFound:
            return error(
                404, code: "not_found", message: "nothing found for these arguments",
                hint: "try other words, or another country")
        case .failed(let failure):
            return self.failure(failure)
        }
    }

    // MARK: Answers

    private func failure(_ failure: OperationFailure) -> HTTPServerResponse {
        var response = json(Self.status(of: failure), failure.jsonObject, request: nil, cacheControl: "no-store")
        if case .rateLimited(let retryAfter) = failure.kind {
            let seconds = retryAfter.flatMap { $0.isFinite && $0 > 0 ? Int(min($0, 86_400).rounded(.up)) : nil } ?? 60
            response.headers.add("Retry-After", String(seconds))
        }
        return response
    }

    /// The one switch from a failure to its HTTP status.
    public static func status(of failure: OperationFailure) -> Int {
        switch failure.kind {
        case .invalidArgument, .rejectedQuery: 400
        case .rateLimited: 429
        case .serviceFailed, .unreadableAnswer: 502
        case .unavailable, .localResources, .cancelled: 503
        case .timedOut: 504
        }
    }

    private func error(_ status: Int, code: String, message: String, hint: String) -> HTTPServerResponse {
        let body = JSONObject([
            (
                "error",
                .object(JSONObject([("code", .string(code)), ("message", .string(message)), ("hint", .string(hint))]))
            )
        ])
        return json(status, body, request: nil, cacheControl: "no-store")
    }

    /// A JSON answer with its `ETag`; 304 without a body when the request's `If-None-Match`
    /// names it.
    private func json(
        _ status: Int, _ object: JSONObject, request: HTTPServerRequest?, cacheControl: String = "no-cache"
    ) -> HTTPServerResponse {
        json(status, text: JSONValue.object(object).serialized(), request: request, cacheControl: cacheControl)
    }

    /// `json(_:_:request:cacheControl:)` for a text already written.
    private func json(
        _ status: Int, text: [UInt8], request: HTTPServerRequest?, cacheControl: String
    ) -> HTTPServerResponse {
        var body = text
        body.append(UInt8(ascii: "\n"))
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Cache-Control": cacheControl]
        guard status == 200, let request else {
            return HTTPServerResponse(status: status, headers: headers, body: body)
        }
        let tag = ETag.of(body)
        headers.add("ETag", tag)
        if let match = request.headers["if-none-match"], ETag.matches(match, tag) {
            return HTTPServerResponse(status: 304, headers: headers)
        }
        return HTTPServerResponse(status: status, headers: headers, body: body)
    }

    /// At most 100 characters of a request's text, printable ASCII only, for a message.
    public static func excerpt(_ text: String) -> String {
        String(
            text.unicodeScalars.prefix(100).map {
                $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?"
            })
    }
}
