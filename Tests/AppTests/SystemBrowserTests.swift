import Foundation
import Mocks
import Testing

@testable import App

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if os(Linux)
    @Suite("The system browser: the desktop's opener started directly, its output on /dev/null")
    struct SystemBrowserTests {
        @Test(
            "xdg-open on PATH gets the URL as its one argument; no stream, descriptor, signal state or process group of ours"
        )
        func opensThroughXDGOpen() async throws {
            let programs = try FakeProgramFolder("browser")
            let (folder, fifo, reader) = (programs.folder, programs.fifo, programs.reader)
            // Open in this process, and not close-on-exec: the opener must not get it all the same.
            // (Checked by what the number names: the shell may use the same number for a file of its own.)
            #expect(reader >= 3)
            try programs.add(
                "xdg-open",
                script: """
                    #!/bin/sh
                    group=$(cut -d' ' -f5 /proc/$$/stat)
                    inherited=$(readlink /proc/$$/fd/\(reader) | grep -qF '\(fifo)' && echo yes || echo no)
                    signals=$(grep -E '^Sig(Blk|Ign)' /proc/$$/status | cut -f2 | tr '\n' ' ')
                    printf '%s|%s|%s|%s|%s|%s|%s' "$#" "$1" "$(readlink /proc/$$/fd/1)" "$(readlink /proc/$$/fd/2)" \
                        "$([ "$group" = $$ ] && echo own || echo shared)" "$inherited" "$signals" > '\(fifo)'
                    """)
            let url = try #require(URL(string: "https://music.apple.com/us/music-video/x/1?a=1&b=$(id)"))
            #expect(SystemBrowser(environment: ["PATH": "/nonexistent:\(folder.path)"]).open(url))

            let fields = await programs.said().split(separator: "|", omittingEmptySubsequences: false)
            #expect(fields.prefix(6) == ["1", "\(url.absoluteString)"[...], "/dev/null", "/dev/null", "own", "no"])
            // Signals 1–31 neither blocked nor ignored (32 and 33 are the C library's own).
            let masks = fields.last.map { $0.split(separator: " ").compactMap { UInt64($0, radix: 16) } } ?? []
            #expect(masks.count == 2 && masks.allSatisfy { $0 & 0x7FFF_FFFF == 0 })
        }

        @Test("Nothing is started for a URL that is not http(s), or when no opener is on PATH")
        func refuses() throws {
            let browser = SystemBrowser(environment: ["PATH": "/nonexistent"])
            #expect(!browser.open(try #require(URL(string: "https://example.com/"))))
            let everywhere = SystemBrowser(environment: ["PATH": "/usr/bin:/bin"])
            #expect(!everywhere.open(try #require(URL(string: "file:///etc/passwd"))))
        }

        @Test("Given a 200 KB page address, then nothing is started and the message says it is too long, without it")
        func refusesHugeURL() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let marker = folder.appendingPathComponent("started")
            let opener = folder.appendingPathComponent("xdg-open")
            try "#!/bin/sh\ntouch '\(marker.path)'\n".write(to: opener, atomically: true, encoding: .utf8)
            try #require(chmod(opener.path, 0o755) == 0)
            let url = try #require(URL(string: "https://example.com/?q=" + String(repeating: "a", count: 200_000)))
            #expect(!SystemBrowser(environment: ["PATH": folder.path]).open(url))
            #expect(!FileManager.default.fileExists(atPath: marker.path))
            let message = SystemBrowser.failure(opening: url)
            #expect(message.hasPrefix("the page's address is 200023 bytes long, too long to pass to a browser"))
            #expect(message.count < 200)
        }
    }
#endif
