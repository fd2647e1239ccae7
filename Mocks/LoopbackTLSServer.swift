import Foundation

/// Certificates made at test time with `openssl`: a throwaway certificate authority, and server
/// certificates it signed for 127.0.0.1 (trusted), for another host name, and expired in 2020.
public struct TestCertificates: Sendable {
    /// The folder holding every file.
    public let directory: URL

    /// The authority's certificate (PEM): what `SSL_CERT_FILE` points at to trust the servers.
    public var authority: URL { directory.appendingPathComponent("ca.pem") }
    /// A folder with the authority under its OpenSSL hash name: what `SSL_CERT_DIR` points at.
    public var authorityDirectory: URL { directory.appendingPathComponent("hashed", isDirectory: true) }
    /// The servers' private key.
    public var key: URL { directory.appendingPathComponent("server.key") }
    /// For 127.0.0.1 and localhost, valid now.
    public var valid: URL { directory.appendingPathComponent("valid.pem") }
    /// For `wrong-host.invalid` only.
    public var wrongHost: URL { directory.appendingPathComponent("wrong-host.pem") }
    /// For 127.0.0.1 and localhost, valid only on 1 January 2020.
    public var expired: URL { directory.appendingPathComponent("expired.pem") }

    private static let made = Locked<Result<TestCertificates, TestServerError>?>(nil)

    /// The certificates, made once per test process (key generation is the slow part) on a
    /// thread of its own: never on the cooperative pool, which other tests' requests need.
    /// - Returns: The certificates.
    /// - Throws: `TestServerError` when `openssl` is missing or fails.
    public static func shared() async throws -> TestCertificates {
        let result = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    returning: made.withLock { made in
                        if let made { return made }
                        let result = make()
                        made = result
                        return result
                    })
            }
        }
        return try result.get()
    }

    private static let script = #"""
        set -e
        key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:prime256v1 -out "$1" 2>/dev/null; }
        key ca.key
        openssl req -x509 -new -key ca.key -out ca.pem -subj "/CN=mvsearch test authority" -days 2 \
          -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
        key server.key
        openssl req -new -key server.key -out server.csr -subj "/CN=localhost" 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' > valid.ext
        printf 'subjectAltName=DNS:wrong-host.invalid\n' > wrong-host.ext
        for name in valid wrong-host; do
          openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
            -extfile "$name.ext" -out "$name.pem" 2>/dev/null
        done
        mkdir -p db hashed
        : > db/index
        printf '01\n' > db/serial
        printf '%s\n' '[ca]' 'default_ca = d' '[d]' 'database = db/index' 'serial = db/serial' \
          'new_certs_dir = db' 'default_md = sha256' 'policy = p' 'x509_extensions = e' \
          '[p]' 'commonName = supplied' '[e]' 'subjectAltName = IP:127.0.0.1,DNS:localhost' > ca.cnf
        openssl ca -batch -config ca.cnf -cert ca.pem -keyfile ca.key -in server.csr -out expired.pem \
          -startdate 20200101000000Z -enddate 20200102000000Z -notext 2>/dev/null
        cp ca.pem "hashed/$(openssl x509 -in ca.pem -noout -hash).0"
        """#

    private static func make() -> Result<TestCertificates, TestServerError> {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mvsearch-tls-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", script]
            shell.currentDirectoryURL = directory
            shell.standardOutput = FileHandle.nullDevice
            shell.standardError = FileHandle.nullDevice
            try shell.run()
            shell.waitUntilExit(timeout: 60)
            guard shell.terminationStatus == 0 else {
                return .failure(TestServerError("openssl could not make the test certificates"))
            }
            return .success(TestCertificates(directory: directory))
        } catch {
            return .failure(TestServerError("cannot run openssl: \(error)"))
        }
    }
}

/// Why a test server could not start.
public struct TestServerError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

// unchecked: Apple's Foundation does not declare Process Sendable; both lets are only read after init
/// An HTTPS server on 127.0.0.1 for tests: python3's `ssl` module, serving one certificate; every
/// request that gets through the handshake gets the same `200 OK` answer, then the connection
/// closes. It ends when stopped, or when the test process ends (its standard input closes).
public final class LoopbackTLSServer: @unchecked Sendable {
    public let port: UInt16
    private let process: Process
    private let input: Pipe

    /// The root URL to pass as `--base-url`.
    public var baseURL: URL {
        URL(string: "https://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
    }

    private static let script = #"""
        import os, socket, ssl, sys, threading
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        with open(sys.argv[3], "rb") as f:
            body = f.read()
        head = b"HTTP/1.1 200 OK\r\nContent-Type: text/javascript; charset=utf-8\r\n"
        head += b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body)
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        print(listener.getsockname()[1], flush=True)
        def serve(connection):
            try:
                connection.settimeout(10)
                with context.wrap_socket(connection, server_side=True) as tls:
                    request = b""
                    while b"\r\n\r\n" not in request:
                        chunk = tls.recv(4096)
                        if not chunk:
                            return
                        request += chunk
                    tls.sendall(head + body)
            except Exception:
                pass
            finally:
                connection.close()
        def watch():
            sys.stdin.read()
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
        while True:
            connection, _ = listener.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()
        """#

    private init(port: UInt16, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
    }

    deinit {
        stop()
    }

    /// Starts a server; its set-up runs on a thread of its own, off the cooperative pool.
    /// - Parameters:
    ///   - certificate: The server certificate (PEM).
    ///   - key: Its private key.
    ///   - body: The body of every answer.
    /// - Returns: The running server.
    /// - Throws: `TestServerError` when python3 cannot start it.
    public static func start(certificate: URL, key: URL, body: Data) async throws -> LoopbackTLSServer {
        let result = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result { try launch(certificate: certificate, key: key, body: body) })
            }
        }
        return try result.get()
    }

    private static func launch(certificate: URL, key: URL, body: Data) throws -> LoopbackTLSServer {
        let bodyFile = certificate.deletingLastPathComponent().appendingPathComponent("body-\(UUID().uuidString)")
        try body.write(to: bodyFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, certificate.path, key.path, bodyFile.path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 {
            line.append(first)
        }
        guard let port = UInt16(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw TestServerError("python3 did not start the TLS server")
        }
        return LoopbackTLSServer(port: port, process: process, input: input)
    }

    /// Stops the server.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }
}
