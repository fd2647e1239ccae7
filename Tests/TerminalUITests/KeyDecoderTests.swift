import Testing

@testable import TerminalUI

/// Bytes as xterm-compatible terminals send them, decoded into keys once.
@Suite("Key decoder")
struct KeyDecoderTests {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test(
        "Sequences from the arrow and editing keys, in both cursor modes and with modifiers",
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OD", .left), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home),
            ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
            ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[1;5A", .up),
            ("\r", .enter), ("\n", .control("j")), ("\u{7F}", .backspace), ("\u{08}", .backspace), ("\t", .tab),
            ("\u{01}", .control("a")), ("\u{03}", .control("c")), ("\u{1A}", .control("z")),
            ("\u{1C}", .control("\\")),
        ])
    func sequences(bytes: String, key: Key) {
        #expect(decode(bytes) == [key])
    }

    @Test("Shift-Tab (ESC [ Z) is its own key, not Tab")
    func backTab() {
        #expect(decode("\u{1B}[Z\t") == [.backTab, .tab])
    }

    @Test("UTF-8 text, split anywhere between reads, comes out as characters")
    func utf8() {
        var decoder = KeyDecoder()
        let bytes = Array("a大🎸é".utf8)
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed([byte]) }
        #expect(keys == [.character("a"), .character("大"), .character("🎸"), .character("é")])
        #expect(!decoder.isWaiting)
    }

    @Test("Esc alone is Esc after the timeout; Esc then a sequence is both")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(decode("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(decode("\u{1B}\u{1B}x") == [.escape, .alt("x")])
        // Esc, then a key typed after the timeout: two keys.
        #expect(decoder.feed(Array("b".utf8)) == [.character("b")])
        // A sequence split between reads waits for its end, then is one key.
        #expect(decoder.feed(Array("\u{1B}[".utf8)).isEmpty)
        #expect(decoder.feed(Array("5~".utf8)) == [.pageUp])
    }

    @Test("ESC and a printable ASCII character at once is an Alt chord; ESC and anything else is Esc first")
    func altChords() {
        #expect(decode("\u{1B}b") == [.alt("b")])
        #expect(decode("\u{1B}B\u{1B}.") == [.alt("B"), .alt(".")])
        #expect(decode("\u{1B}/b") == [.alt("/"), .character("b")])
        #expect(decode("\u{1B}\u{7F}") == [.altBackspace])
        #expect(decode("\u{1B}\u{08}") == [.altBackspace])
        #expect(decode("\u{1B}é") == [.escape, .character("é")])
        #expect(decode("\u{1B}\r") == [.escape, .enter])
        var split = KeyDecoder()
        #expect(split.feed([0x1B]).isEmpty)
        #expect(split.feed(Array("f".utf8)) == [.alt("f")])
        // Alt-[ and Alt-O start no sequence when nothing follows in time; an unfinished one is dropped.
        #expect(decode("\u{1B}[") == [.alt("[")])
        #expect(decode("\u{1B}O") == [.alt("O")])
        #expect(decode("\u{1B}\u{1B}O") == [.escape, .alt("O")])
        #expect(decode("\u{1B}[1;").isEmpty)
    }

    @Test(
        "A modified arrow is the arrow, in xterm's form and in the ESC-prefixed form (never Esc then the arrow)",
        arguments: [
            ("\u{1B}[1;3D", Key.left), ("\u{1B}[1;5C", .right), ("\u{1B}\u{1B}[D", .left),
            ("\u{1B}\u{1B}[C", .right), ("\u{1B}\u{1B}OD", .left), ("\u{1B}\u{1B}[A", .up),
            ("\u{1B}\u{1B}[5~", .pageUp),
        ])
    func modifiedArrows(bytes: String, key: Key) {
        #expect(decode(bytes) == [key])
    }

    @Test("Bracketed paste is one piece of text, escape sequences inside it included, split anywhere")
    func paste() {
        let bytes = Array("\u{1B}[200~jack\u{1B}[31m\njohnson\u{1B}[201~x".utf8)
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed([byte]) }
        #expect(keys == [.paste("jack\u{1B}[31m\njohnson"), .character("x")])
        var cut = KeyDecoder()
        _ = cut.feed(Array("\u{1B}[200~ab".utf8))
        #expect(cut.isInPaste)
        #expect(cut.feed(Array("c\u{1B}[201~".utf8)) == [.paste("abc")])
        #expect(!cut.isInPaste)
    }

    @Test(
        "Given a paste start whose end never comes, when nothing more arrives in time, then the paste ends and Ctrl-C is a key"
    )
    func unendedPaste() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)).isEmpty)
        #expect(decoder.isInPaste)
        #expect(decoder.flush() == [.paste("abc")])  // the reader's paste timeout passed
        #expect(!decoder.isInPaste)
        #expect(decoder.feed([0x03]) == [.control("c")])
        // A late end marker is an unknown sequence: nothing.
        #expect(decoder.feed(Array("\u{1B}[201~q".utf8)) == [.character("q")])
    }

    @Test("Given a paste longer than the cap, then it ends at the cap and what follows is keys again")
    func pasteCap() {
        var decoder = KeyDecoder()
        let long = String(repeating: "a", count: KeyDecoder.maximumPaste)
        let keys = decoder.feed(Array(("\u{1B}[200~" + long + "\u{03}").utf8))
        #expect(keys == [.paste(long), .control("c")])
        #expect(!decoder.isInPaste)
    }

    @Test("Garbage never becomes a key: unknown sequences, invalid UTF-8, C1 controls, overlong sequences")
    func garbage() {
        #expect(decode("\u{1B}[99~").isEmpty)
        #expect(decode("\u{1B}[?1;2c").isEmpty)
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xFF, 0xC3, 0x41, 0xC2, 0x9B]) == [.character("A")])
        #expect(decoder.feed(Array(("\u{1B}[" + String(repeating: "1", count: 40)).utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(!decoder.isWaiting)
    }
}
