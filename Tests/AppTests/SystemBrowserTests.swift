import Foundation
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
        @Test("xdg-open is found on PATH and gets the URL as its one argument, with no terminal streams")
        func opensThroughXDGOpen() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-browser-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let fifo = folder.appendingPathComponent("said").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let opener = folder.appendingPathComponent("xdg-open")
            try """
            #!/bin/sh
            printf '%s|%s|%s|%s' "$#" "$1" "$(readlink /proc/$$/fd/1)" "$(readlink /proc/$$/fd/2)" > '\(fifo)'
            """.write(to: opener, atomically: true, encoding: .utf8)
            #expect(chmod(opener.path, 0o700) == 0)

            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            defer { close(reader) }
            let url = try #require(URL(string: "https://music.apple.com/us/music-video/x/1?a=1&b=$(id)"))
            #expect(SystemBrowser(environment: ["PATH": "/nonexistent:\(folder.path)"]).open(url))

            // What the opener wrote, waiting at most 30 s for it to start (a loaded machine).
            var said = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 512)
            var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            while poll(&descriptor, 1, 30_000) > 0 {
                let count = read(reader, &chunk, chunk.count)
                if count > 0 {
                    said += chunk[..<count]
                } else if count == 0 && !said.isEmpty {
                    break
                }
            }
            #expect(String(decoding: said, as: UTF8.self) == "1|\(url.absoluteString)|/dev/null|/dev/null")
        }

        @Test("Nothing is started for a URL that is not http(s), or when no opener is on PATH")
        func refuses() throws {
            let browser = SystemBrowser(environment: ["PATH": "/nonexistent"])
            #expect(!browser.open(try #require(URL(string: "https://example.com/"))))
            let everywhere = SystemBrowser(environment: ["PATH": "/usr/bin:/bin"])
            #expect(!everywhere.open(try #require(URL(string: "file:///etc/passwd"))))
        }
    }
#endif
