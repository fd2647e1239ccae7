import Foundation
import Testing

@testable import TerminalUI

#if os(Linux)
    @Suite("The desktop's clipboard command: used where it works, never over ssh")
    struct LocalClipboardTests {
        /// A folder with executable stand-ins for the clipboard commands `names`.
        private func folder(with names: [String]) throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clipboard-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in names {
                let path = folder.appendingPathComponent(name).path
                #expect(
                    FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\ncat > \"$0.got\"\n".utf8)))
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
            }
            return folder
        }

        @Test("Given DISPLAY and xclip, then xclip -selection clipboard; with only xsel, xsel --clipboard --input")
        func x11() throws {
            let both = try folder(with: ["xclip", "xsel"])
            defer { try? FileManager.default.removeItem(at: both) }
            #expect(
                LocalClipboard(environment: ["DISPLAY": ":0", "PATH": both.path])?.command == [
                    both.appendingPathComponent("xclip").path, "-selection", "clipboard",
                ])
            let xsel = try folder(with: ["xsel"])
            defer { try? FileManager.default.removeItem(at: xsel) }
            #expect(
                LocalClipboard(environment: ["DISPLAY": ":0", "PATH": xsel.path])?.command == [
                    xsel.appendingPathComponent("xsel").path, "--clipboard", "--input",
                ])
        }

        @Test("Given WAYLAND_DISPLAY and wl-copy, then wl-copy; over ssh, or with no display, or no command, then none")
        func waylandSshAndNone() throws {
            let folder = try folder(with: ["wl-copy", "xclip"])
            defer { try? FileManager.default.removeItem(at: folder) }
            let desktop = ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0", "PATH": folder.path]
            #expect(LocalClipboard(environment: desktop)?.command == [folder.appendingPathComponent("wl-copy").path])
            #expect(
                LocalClipboard(environment: desktop.merging(["SSH_CONNECTION": "10.0.0.1 22 10.0.0.2 50000"]) { $1 })
                    == nil)
            #expect(LocalClipboard(environment: desktop.merging(["SSH_TTY": "/dev/pts/3"]) { $1 }) == nil)
            #expect(LocalClipboard(environment: ["PATH": folder.path]) == nil)
            #expect(LocalClipboard(environment: ["DISPLAY": ":0", "PATH": "/nonexistent"]) == nil)
        }

        @Test("Given a working command, then copy feeds it the text and says it took it")
        func copies() throws {
            let folder = try folder(with: ["xclip"])
            defer { try? FileManager.default.removeItem(at: folder) }
            let clipboard = try #require(LocalClipboard(environment: ["DISPLAY": ":0", "PATH": folder.path]))
            #expect(clipboard.copy("https://music.apple.com/us/music-video/4ever/1?uo=4"))
            #expect(
                FileManager.default.contents(atPath: folder.appendingPathComponent("xclip.got").path)
                    == Data("https://music.apple.com/us/music-video/4ever/1?uo=4".utf8))
        }
    }
#endif
