import Catalog
import Foundation
import HTTPServer
import Platform
import TerminalUI

/// What `serve` is told on the command line, checked before anything starts: where it
/// listens, and the token every request must then carry.
struct ServeSettings: Equatable {
    /// The default address: loopback only.
    static let defaultListen = "127.0.0.1:8990"

    let host: String
    let port: Int
    /// The bearer token; `nil` for none, which only a loopback address allows.
    let token: [UInt8]?
    let corsOrigin: String?

    /// - Parameters:
    ///   - options: `--listen`, `--token-file`, `--cors`.
    ///   - environment: `MVSEARCH_SERVE_TOKEN`.
    /// - Throws: `UsageError` for a bad address, an unreadable token file, or an address other
    ///   than loopback without a token.
    init(options: SearchOptions, environment: [String: String]) throws(UsageError) {
        let listen = options.listen ?? Self.defaultListen
        let (host, port) = try Self.split(listen)
        self.host = host
        self.port = port
        let fromEnvironment = environment["MVSEARCH_SERVE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let file = options.tokenFile {
            guard fromEnvironment == nil else {
                throw UsageError("MVSEARCH_SERVE_TOKEN and --token-file both give a token — choose one")
            }
            token = Array(try Self.token(inFile: file).utf8)
        } else {
            token = fromEnvironment.map { Array($0.utf8) }
        }
        if let token, token.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) {
            throw UsageError("the token has spaces or characters other than printable ASCII — use a token without them")
        }
        corsOrigin = options.corsOrigin
        let address = HTTPServerAddress(host: host, port: port)
        guard address.isLoopback || token != nil else {
            throw UsageError(
                "serve listens on another address than loopback (\(address)) only with a token — "
                    + "set MVSEARCH_SERVE_TOKEN or give --token-file, or listen on 127.0.0.1")
        }
    }

    /// `127.0.0.1:8990`, `[::1]:0`, `localhost:8990` as host and port.
    /// - Throws: `UsageError` naming the text: not HOST:PORT, or a port out of range.
    private static func split(_ text: String) throws(UsageError) -> (String, Int) {
        let shown = CommandLineParser.quoted(text)
        let notAddress = UsageError("--listen \(shown) is not HOST:PORT — give one like 127.0.0.1:8990 or [::1]:0")
        guard let colon = text.lastIndex(of: ":") else { throw notAddress }
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw notAddress }
        guard let port = Int(portText), validPorts.contains(port) else {
            throw UsageError(
                "--listen \(shown): port \(TerminalSanitizer.excerpt(String(portText))) is out of range — "
                    + "give a port from 1 to 65535, or 0 for any free one")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        } else if host.firstIndex(of: ":") != nil {
            throw notAddress  // IPv6 without brackets: where its port starts is ambiguous.
        }
        if host.lowercased() == "localhost" { host = "127.0.0.1" }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else {
            throw notAddress
        }
        return (host, port)
    }

    /// The ports `--listen` takes: 0 lets the system choose a free one.
    private static let validPorts = 0...65535

    /// The first line of a file of the user's own, without its spaces.
    private static func token(inFile path: String) throws(UsageError) -> String {
        let shown = CommandLineParser.quoted(path)
        let data: Data?
        do {
            data = try PrivateFiles.read(URL(fileURLWithPath: path), maximumBytes: 4096, followsLinks: true)
        } catch {
            throw UsageError(
                "cannot use the token file \(shown): \(error.reason) — give a file of your own (chmod 600)")
        }
        guard let data, let text = String(validating: data, as: UTF8.self) else {
            throw UsageError("the token file \(shown) does not exist or is not UTF-8 — give a file holding the token")
        }
        let line = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
            .trimmingWhitespace()
        guard !line.isEmpty else {
            throw UsageError("the token file \(shown) is empty — write the token on its first line")
        }
        return line
    }
}
