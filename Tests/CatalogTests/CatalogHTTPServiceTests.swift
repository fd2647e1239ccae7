import Catalog
import Domain
import Foundation
import HTTPServer
import JSON
import Testing

@Suite("The HTTP front end: routes, statuses, tags and who may ask")
struct CatalogHTTPServiceTests {
    private let address = HTTPServerAddress(host: "127.0.0.1", port: 8990)

    private func service(
        _ repository: MockMusicVideosRepositoryForCatalog = MockMusicVideosRepositoryForCatalog(),
        access: CatalogHTTPService.Access = .init()
    ) throws -> CatalogHTTPService {
        let service = CatalogHTTPService(
            registry: .standard, services: try CatalogServicesFixture.services(videos: repository), access: access)
        service.listen(on: address)
        return service
    }

    private func get(
        _ target: String, from service: CatalogHTTPService, headers: HTTPHeaders = ["Host": "127.0.0.1:8990"],
        method: String = "GET"
    ) async -> HTTPServerResponse {
        let (path, query) = target.split(separator: "?", maxSplits: 1).map(String.init).splitFirst()
        let items = query.map { text in
            text.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return (name: parts[0], value: parts.count > 1 ? parts[1] : "")
            }
        }
        return await service.respond(
            to: HTTPServerRequest(method: method, target: target, path: path, query: items ?? [], headers: headers))
    }

    private func object(_ response: HTTPServerResponse) throws -> JSONObject {
        try #require(try JSONValue.parse(response.body).objectValue)
    }

    @Test("Given a search, then 200 with the rows under videos, an ETag, and max-age from the cache's time to live")
    func search() async throws {
        let response = await get("/v1/search?term=jack&fields=id,title", from: try service())
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["cache-control"] == "public, max-age=3600")
        let videos = try #require(try object(response)["videos"]?.arrayValue)
        #expect(videos.first == .object(JSONObject([("id", .integer(1)), ("title", "Banana Pancakes")])))
        #expect(response.headers["etag"]?.hasPrefix("\"") == true)
    }

    @Test("Given the ETag in If-None-Match, then 304 without a body")
    func notModified() async throws {
        let service = try service()
        let first = await get("/v1/search?term=jack", from: service)
        let tag = try #require(first.headers["etag"])
        let second = await get(
            "/v1/search?term=jack", from: service, headers: ["Host": "127.0.0.1:8990", "If-None-Match": "W/\(tag)"])
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(second.headers["etag"] == tag)
    }

    @Test("Given each failure, then its status and an error object with a code, a message and a hint")
    func failureStatuses() async throws {
        let cases: [(CatalogError, Int, String)] = [
            (.rateLimited(retryAfter: 7.2), 429, "rate_limited"),
            (.serviceUnavailable(statusCode: 500), 502, "service_failed"),
            (.unreadableResponse(reason: "x"), 502, "unreadable_answer"), (.serviceUnreachable, 503, "unavailable"),
            (.timedOut, 504, "timed_out"), (.rejectedQuery(message: "no"), 400, "rejected_query"),
        ]
        for (error, status, code) in cases {
            let response = await get("/v1/search?term=x", from: try service(.init(failure: error)))
            #expect(response.status == status, "\(error)")
            let body = try #require(try object(response)["error"]?.objectValue)
            #expect(body["code"] == .string(code))
            #expect(body["message"]?.stringValue?.isEmpty == false)
            #expect(body["hint"]?.stringValue?.isEmpty == false)
            #expect(response.headers["cache-control"] == "no-store")
            if status == 429 { #expect(response.headers["retry-after"] == "8") }
        }
    }

    @Test("Given a bad parameter, nothing found, an unknown route or another method, then 400, 404, 404, 405")
    func requestErrors() async throws {
        let service = try service(.init(videos: []))
        let bad = await get("/v1/search?term=x&limit=500", from: service)
        #expect(bad.status == 400)
        #expect(try object(bad)["error"]?["message"] == "limit must be a whole number from 1 to 200, not 500")
        #expect(await get("/v1/search?term=x", from: service).status == 404)
        #expect(await get("/v1/nope", from: service).status == 404)
        #expect(await get("/v1/search?term=x&fields=id,colour", from: service).status == 400)
        let post = await get("/v1/search?term=x", from: service, method: "POST")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
    }

    @Test("Given a token, then a request without it or with another gets 401, with it 200")
    func token() async throws {
        let service = try service(access: .init(token: Array("s3cret".utf8)))
        #expect(await get("/healthz", from: service).status == 401)
        let wrong = await get(
            "/healthz", from: service, headers: ["Host": "127.0.0.1:8990", "Authorization": "Bearer s3cre"])
        #expect(wrong.status == 401)
        #expect(wrong.headers["www-authenticate"] == "Bearer")
        let right = await get(
            "/healthz", from: service, headers: ["Host": "127.0.0.1:8990", "Authorization": "Bearer s3cret"])
        #expect(right.status == 200)
    }

    @Test("Given a Host that names another server, then 403 (DNS rebinding); no Host, 400; no CORS unless asked")
    func hostAndCORS() async throws {
        let service = try service()
        #expect(await get("/healthz", from: service, headers: ["Host": "evil.example:8990"]).status == 403)
        #expect(await get("/healthz", from: service, headers: [:]).status == 400)
        let plain = await get(
            "/healthz", from: service, headers: ["Host": "localhost:8990", "Origin": "https://a.example"])
        #expect(plain.status == 200)
        #expect(plain.headers["access-control-allow-origin"] == nil)
        let cors = try self.service(access: .init(corsOrigin: "https://a.example"))
        let allowed = await get(
            "/healthz", from: cors, headers: ["Host": "127.0.0.1:8990", "Origin": "https://a.example"])
        #expect(allowed.headers["access-control-allow-origin"] == "https://a.example")
    }

    @Test("Given /v1 and /openapi.json, then every operation is listed, with its path and parameters")
    func descriptions() async throws {
        let service = try service()
        let list = try #require(try object(await get("/v1", from: service))["operations"]?.arrayValue)
        #expect(list.compactMap { $0["name"]?.stringValue } == OperationRegistry.standard.operations.map(\.name))
        let document = try object(await get("/openapi.json", from: service))
        #expect(document["openapi"] == "3.1.0")
        let paths = try #require(document["paths"]?.objectValue)
        #expect(paths.keys == OperationRegistry.standard.operations.map { "/v1/\($0.name)" })
        #expect(document["servers"]?[0]?["url"] == "http://127.0.0.1:8990")
    }

    @Test(
        "Given a refusal of the server's own (414, 400, 503), then it is the service's error object, as JSON, with nosniff"
    )
    func refusalsAreJSONErrors() throws {
        let service = try service()
        for (refusal, code) in [
            (HTTPRefusal(status: 414), "target_too_long"),
            (
                HTTPRefusal(status: 400, message: "this server speaks http, not https", hint: "ask for http"),
                "bad_request"
            ),
            (HTTPRefusal(status: 431), "headers_too_large"), (HTTPRefusal(status: 503), "unavailable"),
        ] {
            let response = service.refusal(refusal)
            #expect(response.status == refusal.status)
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(response.headers["cache-control"] == "no-store")
            let error = try #require(try object(response)["error"]?.objectValue)
            #expect(error["code"] == .string(code))
            #expect(error["message"] == .string(refusal.message))
            #expect(error["hint"] == .string(refusal.hint))
        }
    }

    @Test("Given a refused request (401, 403, 405, 400 without Host) or an answered one, then each carries nosniff")
    func everyAnswerCarriesNosniff() async throws {
        let open = try service()
        let locked = try service(access: .init(token: Array("s3cret".utf8)))
        let answers = [
            await get("/healthz", from: locked), await get("/healthz", from: open, headers: ["Host": "evil.example"]),
            await get("/healthz", from: open, method: "DELETE"), await get("/healthz", from: open, headers: [:]),
            await get("/nowhere", from: open), await get("/healthz", from: open),
        ]
        #expect(answers.map(\.status) == [401, 403, 405, 400, 404, 200])
        for answer in answers {
            #expect(answer.headers["x-content-type-options"] == "nosniff", "\(answer.status)")
        }
    }

    @Test("Given an unknown query parameter, then the hint names every parameter the route takes, fields among them")
    func unknownParameterHintNamesFields() async throws {
        let response = await get("/v1/search?term=a&bogus=1", from: try service())
        #expect(response.status == 400)
        let error = try #require(try object(response)["error"]?.objectValue)
        #expect(error["message"] == "search has no parameter \"bogus\"")
        let names = CatalogOperation.search.parameters.map(\.name) + ["fields"]
        #expect(error["hint"] == .string("use " + names.joined(separator: ", ")))
    }

    @Test("Given GET /v1, then top's genre parameter names every chart genre the genres operation lists")
    func genreParameterListsEveryGenre() async throws {
        let list = try #require(try object(await get("/v1", from: try service()))["operations"]?.arrayValue)
        let top = try #require(list.first { $0["name"] == "top" })
        let summary = try #require(top["parameters"]?["properties"]?["genre"]?["description"]?.stringValue)
        for genre in ChartGenre.musicVideoCharts {
            #expect(summary.contains("\(genre.id) \(genre.name)"), "\(genre.name): \(summary)")
        }
    }
}

extension Array where Element == String {
    /// The first element and the second, if any.
    fileprivate func splitFirst() -> (String, String?) {
        (first ?? "", count > 1 ? self[1] : nil)
    }
}
