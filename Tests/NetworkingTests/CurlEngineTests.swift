#if os(Linux)
    import Foundation
    import Testing

    @testable import Networking

    @Suite("The libcurl engine's environment and error mapping")
    struct CurlEngineTests {
        @Test("Certificate authorities come from the environment as curl reads them")
        func certificateAuthorities() {
            let read = CurlNetworkSessionManager.certificateAuthorities(in:)
            #expect(read([:]) == (nil, nil))
            #expect(read(["SSL_CERT_FILE": "/a.pem", "SSL_CERT_DIR": "/d"]) == ("/a.pem", "/d"))
            #expect(read(["SSL_CERT_FILE": "", "SSL_CERT_DIR": "/d"]) == (nil, "/d"))
            #expect(
                read(["CURL_CA_BUNDLE": "/b.pem", "SSL_CERT_FILE": "/a.pem", "SSL_CERT_DIR": "/d"]) == ("/b.pem", nil))
        }

        @Test(
            "libcurl's codes map to the cases callers act on; certificate failures keep their reason",
            arguments: [
                (6, "", 0, NetworkError.hostNotFound),
                (7, "", 0, .cannotConnect),
                (28, "", 0, .timedOut),
                (18, "", 0, .connectionLost),
                (56, "", 0, .connectionLost),
                (52, "", 0, .invalidResponse),
                (61, "", 0, .contentDecodingFailed),
                (
                    60, "SSL certificate problem: unable to get local issuer certificate", 20,
                    .tls(.untrustedCertificate)
                ),
                (60, "SSL certificate problem: certificate has expired", 10, .tls(.expiredCertificate)),
                (60, "SSL: no alternative certificate subject name matches target host name 'x'", 0, .tls(.wrongHost)),
                (35, "TLS connect error", 0, .tls(.handshakeFailed("TLS connect error"))),
                (35, "error:0A00010B:SSL routines::wrong version number", 0, .tls(.notTLS)),
                (35, "error:1408F10B:SSL routines:ssl3_get_record:wrong version number", 0, .tls(.notTLS)),
                (35, "gnutls_handshake() failed: An unexpected TLS packet was received.", 0, .tls(.notTLS)),
                (99, "something else", 0, .other("something else")),
            ] as [(Int32, String, Int, NetworkError)])
        func mapsCodes(code: Int32, message: String, verifyResult: Int, expected: NetworkError) {
            #expect(
                CurlNetworkSessionManager.networkError(code: code, message: message, verifyResult: verifyResult)
                    == expected)
        }
    }
#endif
