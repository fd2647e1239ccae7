import XCTest

@testable import HTTPServer

/// The HTTP request head (`RequestHeadParser`), as a client on the network sends it: real
/// requests, mutated line by line (headers repeated, dropped, swapped, folded; targets with
/// `..`, percent escapes and controls; other versions) and then byte by byte, cut where the
/// connection cuts a head. Every input is a request or a refusal with one of the parser's
/// statuses; a request holds no control character in its method, target or fields, and written
/// out again it parses to the same request.
final class HTTPRequestHeadFuzzTests: XCTestCase {
    static let seeds: [String] = [
        "GET /v1/search?term=clairo&limit=5 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\n\r\n",
        "GET /v1/top?genre=pop&country=gb HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer abc\r\nConnection: keep-alive\r\n\r\n",
        "HEAD /v1 HTTP/1.0\r\n\r\n",
        "GET http://127.0.0.1/v1/lookup?id=1445744409 HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n",
        "OPTIONS * HTTP/1.1\nHost: a\n\n",
        "POST /v1/search HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Type: application/json\r\n\r\n",
        "GET /v1/search?term=a%20b+c%2B&x= HTTP/1.1\r\nHost: [::1]:80\r\nIf-None-Match: \"e1\"\r\n\r\n",
    ]
    static let words: [String] = [
        "GET", "HEAD", "POST", "OPTIONS", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1.10", " ", "\t", "\r\n", "\n",
        "\r",
        ":", "Host: ", "Content-Length: ", "Transfer-Encoding: chunked", "Connection: close", "Connection: keep-alive",
        "%", "%2e%2e", "%2E", "%00", "%0d%0a", "%ff", "%c0%ae", "..", "/../", "?", "#", "&", "=", "+", "*", "http://",
        "https://", "[::1]", "\u{00}", "\u{7F}", "é", "\u{FFFD}",
    ]
    static let statuses: Set<Int> = [400, 413, 505]

    func testRequestHeadsAreRequestsOrRefusals() {
        let mutator = ByteMutator(dictionary: Self.words.map { Array($0.utf8) }, maximumLength: 16 * 1024)
        Fuzzer.run("http-head") { random in
            Self.makeInput(mutator: mutator, using: &random)
        } check: { input in
            try Self.check(input)
        }
    }

    /// A request head as the connection hands it over: up to and with the first empty line.
    static func makeInput(mutator: ByteMutator, using random: inout FuzzRandom) -> [UInt8] {
        var lines = random.pick(seeds).utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }  // bytes: "\r\n" is one Character
        lines.removeLast(2)  // the empty line and what follows it
        for _ in 0..<random.below(4) {
            let index = random.below(lines.count)
            switch random.below(7) {
            case 0: lines.insert(lines[index], at: index)  // repeated (two Hosts, two lengths)
            case 1 where lines.count > 1 && index > 0: lines.remove(at: index)
            case 2: lines.swapAt(index, random.below(lines.count))
            case 3: lines.insert(" folded: on" + (random.oneIn(2) ? "\r" : ""), at: max(1, index))
            case 4: lines.insert(random.pick(words) + random.pick(words) + "\r", at: max(1, index))
            case 5:
                var parts = lines[0].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                let part = random.below(parts.count)
                parts[part] = random.oneIn(2) ? random.pick(words) : parts[part] + random.pick(words)
                lines[0] = parts.joined(separator: random.oneIn(8) ? "  " : " ")
            default:
                lines.insert(
                    "X-\(random.below(100)): " + String(repeating: "v", count: random.below(9000)) + "\r",
                    at: max(1, index))
            }
        }
        var bytes = Array((lines.joined(separator: "\n") + "\n" + (random.oneIn(4) ? "\n" : "\r\n")).utf8)
        if !random.oneIn(3) { mutator.mutate(&bytes, using: &random) }
        // The connection hands over bytes up to and with the first empty line (LF LF or LF CR LF).
        if let end = headEnd(bytes) { bytes.removeLast(bytes.count - end) }
        return bytes
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A {
                if bytes[index + 1] == 0x0A { return index + 2 }
                if bytes[index + 1] == 0x0D, index + 2 < bytes.count, bytes[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    static func parse(_ bytes: [UInt8]) -> Result<ParsedHead, RequestRejection> {
        bytes.withUnsafeBufferPointer { RequestHeadParser.parse($0, remoteAddress: "127.0.0.1") }
    }

    static func check(_ input: [UInt8]) throws -> String {
        switch parse(input) {
        case .failure(let rejection):
            guard statuses.contains(rejection.status) else {
                throw FuzzViolation("refused with \(rejection.status), not one of \(statuses.sorted())")
            }
            return "\(rejection.status)"
        case .success(let head):
            let request = head.request
            let visible = { (text: String) in text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } }
            guard visible(request.method), visible(request.target) else {
                throw FuzzViolation("method or target with a control or a space: \(request.method) \(request.target)")
            }
            for field in request.headers.fields {
                guard visible(field.name),
                    field.value.utf8.allSatisfy({ $0 != 0x0D && $0 != 0x0A && $0 != 0x00 && $0 != 0x7F })
                else { throw FuzzViolation("a field with a control: \(field)") }
            }
            guard request.version == "HTTP/1.1" || request.version == "HTTP/1.0" else {
                throw FuzzViolation("version \(request.version)")
            }
            guard request.path.hasPrefix("/") || request.path == "*" else {
                throw FuzzViolation("path \(request.path) is not absolute")
            }
            let hosts = request.headers.values(for: "host").count
            guard hosts <= 1, request.version == "HTTP/1.0" || hosts == 1 else {
                throw FuzzViolation("taken with \(hosts) Host fields")
            }
            // Written out again, the same request.
            var text = "\(request.method) \(request.target) \(request.version)\r\n"
            for field in request.headers.fields { text += "\(field.name): \(field.value)\r\n" }
            text += "\r\n"
            guard case .success(let again) = parse(Array(text.utf8)) else {
                throw FuzzViolation("written out again, refused: \(text.debugDescription)")
            }
            guard again.request.path == request.path, again.request.headers == request.headers,
                again.request.query.map(\.name) == request.query.map(\.name),
                again.request.query.map(\.value) == request.query.map(\.value), again.wantsClose == head.wantsClose
            else { throw FuzzViolation("written out again, another request: \(text.debugDescription)") }
            return "request"
        }
    }
}
