import Foundation
import Mocks
import Testing

@testable import Domain

/// `WebLink(http:)` takes a plainly written address without parsing it: it must give exactly what
/// parsing would have given, for every text.
@Suite("Web links")
struct WebLinkTests {
    /// What the link was before it skipped the parser: `URL(string:)`, an http(s) scheme, and
    /// the URL's own text.
    private func parsed(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return nil }
        return url.absoluteString
    }

    @Test("Given the addresses the store sends, then each is taken as written, without the parser")
    func storeAddresses() {
        let addresses = [
            "https://music.apple.com/us/music-video/are-you-bored-yet-feat-clairo/1451981882?uo=4",
            "https://video-ssl.itunes.apple.com/itunes-assets/Video125/v4/0d/ff/7f/0dff7f5e/mzvf_1.640x480.h264lc.U.p.m4v",
            "https://is1-ssl.mzstatic.com/image/thumb/Video124/v4/ab/cd/ef/abcdef/source/100x100bb.jpg",
            "http://127.0.0.1:8765/search?term=jack%20johnson&limit=5#top",
        ]
        for address in addresses {
            #expect(WebLink.isPlain(address), "\(address)")
            #expect(WebLink(http: address)?.text == address)
            #expect(WebLink(http: address)?.url?.absoluteString == address)
        }
    }

    @Test(
        "Given texts a parser reads apart (a user, an IP literal, a space, a bad escape, other schemes), then the parser decides"
    )
    func unusualTexts() {
        let texts = [
            "https://user:pw@example.com/", "http://[::1]:8080/a", "https://example.com/a b", "https://example.com/%zz",
            "https://example.com/a#b#c", "HTTPS://EXAMPLE.COM/", "javascript:alert(1)", "ftp://example.com/",
            "https://", "http://:80/", "https://example.com:/", "https://example.com:123456/", "https://exa_mple.com/",
            "https://example.com/ü", "https://-example.com/", "https://example.com/[x]",
        ]
        for text in texts {
            #expect(!WebLink.isPlain(text), "\(text)")
            #expect(WebLink(http: text)?.text == parsed(text), "\(text)")
        }
    }

    @Test("Given 20,000 texts of URL characters, then the link is what parsing gives, every time")
    func sameAsParsing() {
        var random = SeededGenerator(seed: 20_261_127)
        let heads = ["https://", "http://", "https://a.b", "http://127.0.0.1:", "HTTP://", "https:/", ""]
        let common = Array("aZ09.-_~:/?#!$&'()*+,;=%2fF")
        let rare = Array("[]@ %\u{7F}\u{1B}ü")
        var plain = 0
        for _ in 0..<20_000 {
            let head = heads[Int(random.next() % UInt64(heads.count))]
            let tail = String(
                (0..<Int(random.next() % 24)).map { _ in
                    let characters = random.next() % 20 == 0 ? rare : common
                    return characters[Int(random.next() % UInt64(characters.count))]
                })
            let text = head + tail
            if WebLink.isPlain(text) { plain += 1 }
            #expect(WebLink(http: text)?.text == parsed(text), "\(text.debugDescription)")
        }
        #expect(plain > 400)  // the fast path was tried (538 of these texts), not only the parser
    }
}
