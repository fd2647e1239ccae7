import Dispatch
import Foundation
import Mocks
import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A frame cut short by a terminal that stopped reading: what the next write first closes.
@Suite("Output cut short")
struct CutOutputTests {
    private static let st = "\u{1B}\\"
    private static let linkEnd = "\u{1B}]8;;\u{1B}\\"
    private static let transmissionEnd = "\u{1B}_Gm=0,q=2;\u{1B}\\"
    private static let chunk = "\u{1B}_Ga=T,f=100,t=d,i=3,p=1,c=20,r=10,C=1,q=2,m=1;"

    private func terminator(_ text: String, cutAt count: Int? = nil) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: CutOutput.terminator(after: bytes.prefix(count ?? bytes.count)), as: UTF8.self)
    }

    /// Frames cut inside a sequence, and what ends it.
    private static let cuts: [(cut: String, ending: String)] = [
        // A kitty chunk saying more follow, cut in its payload: ended, and the picture too.
        (chunk + "iVBORw0KGgo", st + transmissionEnd),
        // Cut after that whole chunk: the picture is still open.
        (chunk + "iVBORw0KGgo" + st, transmissionEnd),
        // Cut in its last chunk (m=0): ending the chunk ends the picture.
        (chunk + "iVBOR" + st + "\u{1B}_Gm=0;AAAA", st),
        // Cut between ESC and \ of the terminator.
        (chunk + "iVBOR\u{1B}", "\\" + transmissionEnd),
        // An OSC 8 link cut in its URL, and one cut in its text.
        ("\u{1B}]8;;https://music.apple.com/us/mus", st + linkEnd),
        ("\u{1B}]8;;https://a.example/\u{1B}\\Are You Bo", linkEnd),
        // A CSI and a lone ESC are cancelled (CAN).
        ("abc\u{1B}[38;5;2", "\u{18}"),
        ("abc\u{1B}", "\u{18}"),
        // Whole: nothing to end.
        ("\u{1B}]8;;https://a.example/\u{1B}\\text\u{1B}]8;;\u{1B}\\\u{1B}[0m é", ""),
        (chunk + "AAAA" + st + "\u{1B}_Gm=0;AAAA" + st + "\u{1B}[2;1H", ""),
    ]

    @Test("Given a frame cut inside a sequence, then what is written next first ends it")
    func ended() {
        for (cut, ending) in Self.cuts {
            #expect(terminator(cut) == ending, "\(cut.debugDescription)")
        }
    }

    @Test("Given a frame cut inside a UTF-8 character, then it is completed into a valid one")
    func character() {
        for text in ["é", "€", "😀", "\u{0800}", "\u{10000}", "\u{D7FF}"] {
            let bytes = Array(text.utf8)
            for cut in 1..<bytes.count {
                let completed = Array(bytes.prefix(cut)) + CutOutput.terminator(after: bytes.prefix(cut))
                #expect(completed.count == bytes.count)
                #expect(String(validating: completed, as: UTF8.self) != nil, "\(text) cut at \(cut)")
            }
        }
    }

    @Test("Given a frame cut anywhere, then with its ending added nothing is left open")
    func anywhere() {
        let parts: [String] = [
            "\u{1B}[?25l\u{1B}[3;1H\u{1B}[1mClairo\u{1B}[0m — ",
            "\u{1B}]8;;https://a.example/x\u{1B}\\Sofia\u{1B}]8;;\u{1B}\\ 😀",
            Self.chunk, String(repeating: "A", count: 40), Self.st, "\u{1B}_Gm=0;BBBB", Self.st, "é\u{1B}[K",
        ]
        let frame = Array(parts.joined().utf8)
        for cut in 0...frame.count {
            let ending = CutOutput.terminator(after: frame.prefix(cut))
            #expect(CutOutput.terminator(after: Array(frame.prefix(cut)) + ending).isEmpty, "cut at \(cut)")
        }
    }

    @Test(
        "Given a terminal that stops reading in the middle of a picture, when the next frame is written, then it first ends the chunk and the picture"
    )
    func stalledTerminal() async throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        try #require(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer {
            close(primary)
            close(secondary)
        }
        let terminal = try #require(RawTerminal(input: secondary, output: secondary))
        #expect(terminal.enter())
        // Far more than a pseudo-terminal holds: cut inside the payload, after the stall limit.
        let frame = Array((Self.chunk + String(repeating: "A", count: 400_000) + Self.st).utf8)
        // The write waits out the stall limit (2 s): on a thread of its own, not the test pool's.
        #expect(await offPool { terminal.write(frame) } == .stalled)
        // Now read everything the terminal got, up to the next frame.
        let done = DispatchSemaphore(value: 0)
        let received = Received()
        let reading = primary
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(reading, &buffer, buffer.count)
                guard count > 0 else { break }
                received.bytes += buffer[0..<count]
                if String(decoding: received.bytes.suffix(8), as: UTF8.self).hasSuffix("NEXT") { break }
            }
            done.signal()
        }
        #expect(terminal.write(Array("NEXT".utf8)) == .written)
        #expect(await offPool { done.wait(timeout: .now() + 20) == .success })
        let text = String(decoding: received.bytes, as: UTF8.self)  // read after `done`: no race
        #expect(text.hasSuffix("A" + Self.st + Self.transmissionEnd + "NEXT"), "\(text.suffix(80).debugDescription)")
        terminal.leave()
    }
}

/// What the reader thread collected; read only after it has signalled that it is done.
private final class Received: @unchecked Sendable {
    var bytes: [UInt8] = []
}
