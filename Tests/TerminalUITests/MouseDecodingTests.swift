import Testing

@testable import TerminalUI

/// Mouse reports as xterm-compatible terminals send them (SGR, mode 1006; legacy X10 when a
/// terminal does not know 1006), decoded into `Key.mouse` once, and never typed as text.
@Suite("Mouse reports")
struct MouseDecodingTests {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test(
        "Given SGR reports, then presses, releases and the wheel, at 0-based cells",
        arguments: [
            ("\u{1B}[<0;10;5M", MouseEvent(.left, .press, column: 9, row: 4)),
            ("\u{1B}[<0;10;5m", MouseEvent(.left, .release, column: 9, row: 4)),
            ("\u{1B}[<1;1;1M", MouseEvent(.middle, .press, column: 0, row: 0)),
            ("\u{1B}[<2;300;120M", MouseEvent(.right, .press, column: 299, row: 119)),
            ("\u{1B}[<64;3;7M", MouseEvent(.wheelUp, .press, column: 2, row: 6)),
            ("\u{1B}[<65;3;7M", MouseEvent(.wheelDown, .press, column: 2, row: 6)),
            ("\u{1B}[<66;3;7M", MouseEvent(.wheelLeft, .press, column: 2, row: 6)),
            ("\u{1B}[<67;3;7M", MouseEvent(.wheelRight, .press, column: 2, row: 6)),
            ("\u{1B}[<128;3;7M", MouseEvent(.other(8), .press, column: 2, row: 6)),
            ("\u{1B}[<32;4;2M", MouseEvent(.left, .drag, column: 3, row: 1)),
        ])
    func sgr(bytes: String, event: MouseEvent) {
        #expect(decode(bytes) == [.mouse(event)])
    }

    @Test("Given modifier bits, then Shift (4), Alt (8) and Control (16) come with the button")
    func modifiers() {
        #expect(decode("\u{1B}[<4;1;1M") == [.mouse(MouseEvent(.left, column: 0, row: 0, modifiers: .shift))])
        #expect(decode("\u{1B}[<8;1;1M") == [.mouse(MouseEvent(.left, column: 0, row: 0, modifiers: .alt))])
        #expect(decode("\u{1B}[<16;1;1M") == [.mouse(MouseEvent(.left, column: 0, row: 0, modifiers: .control))])
        #expect(
            decode("\u{1B}[<93;1;1M")
                == [.mouse(MouseEvent(.wheelDown, column: 0, row: 0, modifiers: [.shift, .alt, .control]))])
    }

    @Test("Given a report split anywhere between reads, then it decodes once whole, and the keys around it stay keys")
    func splitReads() {
        let bytes = Array("a\u{1B}[<65;12;34Mb".utf8)
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
            #expect(
                keys == [.character("a"), .mouse(MouseEvent(.wheelDown, column: 11, row: 33)), .character("b")],
                "cut at \(cut)")
            #expect(!decoder.isWaiting)
        }
        // One byte at a time, as a slow link delivers it.
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in Array("\u{1B}[<0;1;2M\u{1B}[<0;1;2m".utf8) { keys += decoder.feed([byte]) }
        #expect(
            keys == [
                .mouse(MouseEvent(.left, .press, column: 0, row: 1)),
                .mouse(MouseEvent(.left, .release, column: 0, row: 1)),
            ])
    }

    @Test(
        "Given a malformed SGR report, then it is dropped whole: no key, no letter typed",
        arguments: [
            "\u{1B}[<65;10M",  // two numbers
            "\u{1B}[<65;10;5;1M",  // four
            "\u{1B}[<;10;5M",  // an empty one
            "\u{1B}[<65;123456;5M",  // six digits
            "\u{1B}[<65;0;5M",  // column 0: off the screen
            "\u{1B}[<3;1;1M",  // no button has code 3 in SGR
            "\u{1B}[<65;10;5A",  // a mouse report's parameters with an arrow's final byte
            "\u{1B}[<65;10;5~",
            "\u{1B}[<6 5;10;5M",  // an intermediate byte inside
        ])
    func malformed(bytes: String) {
        let keys = decode(bytes + "x")
        #expect(keys.last == .character("x"), "\(keys)")
        #expect(!keys.dropLast().contains { if case .mouse = $0 { true } else { false } }, "\(keys)")
        #expect(!keys.dropLast().contains { if case .character = $0 { true } else { false } }, "\(keys)")
        #expect(!keys.contains(.up))
    }

    @Test(
        "Given an overlong report with no end, then it is dropped, its end too when it comes, and what follows the reader's pause is keys"
    )
    func overlong() {
        var decoder = KeyDecoder()
        let long = "\u{1B}[<" + String(repeating: "1;", count: 40)
        #expect(decoder.feed(Array(long.utf8)).isEmpty)
        #expect(decoder.isWaiting)  // for its end, as long as the reader waits for any sequence's
        #expect(decoder.flush().isEmpty)
        #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
        // Unfinished at the timeout: dropped, not typed.
        #expect(decoder.feed(Array("\u{1B}[<65;10".utf8)).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.feed(Array("j".utf8)) == [.character("j")])
    }

    @Test(
        "Found by the fuzz: an overlong report cut by a read before its end is dropped whole, as when it comes in one read"
    )
    func overlongAcrossReads() {
        let report = Array("\u{1B}[<65;208;6;208;6;208;92233720368547758076;208;60M".utf8)
        var whole = KeyDecoder()
        #expect(whole.feed(report + Array("x".utf8)) == [.character("x")])
        var split = KeyDecoder()
        #expect(split.feed(report[..<40]).isEmpty)
        #expect(split.feed(report[40...]).isEmpty)  // not `76;208;60M` typed
        #expect(split.feed(Array("x".utf8)) == [.character("x")])
    }

    @Test(
        "Found by the fuzz: a key sequence longer than the limit is no key, whether its end comes in the same read or the next"
    )
    func overlongKey() {
        let right = Array(("\u{1B}[1;" + String(repeating: "9", count: 40) + "C").utf8)
        var whole = KeyDecoder()
        #expect(whole.feed(right + Array("x".utf8)) == [.character("x")])  // not `.right` and `x`
        var split = KeyDecoder()
        #expect(split.feed(right[..<36]).isEmpty)
        #expect(split.feed(right[36...] + Array("x".utf8)) == [.character("x")])
        var short = KeyDecoder()
        #expect(short.feed(Array("\u{1B}[1;5C".utf8)) == [.right])
    }

    @Test(
        "Given a report split across reads further apart than the reader waits, when its tail comes after the flush, then none of it is typed and keys after it are"
    )
    func tailAfterTheFlush() {
        var decoder = KeyDecoder()
        // Typed text, then a click whose report a slow link split after `ESC [ < 0 ; 1 2 ;`.
        #expect(decoder.feed(Array("clairo\u{1B}[<0;12;".utf8)) == "clairo".map(Key.character))
        #expect(decoder.isInSequence)  // the reader waits the longer sequence timeout for it
        #expect(decoder.flush().isEmpty)
        #expect(decoder.feed(Array("1M".utf8)).isEmpty)  // not `1M` in the search field
        #expect(decoder.feed(Array("x".utf8)) == [.character("x")])
        // A wheel report cut inside its column: its tail is no row number and no Enter.
        #expect(decoder.feed(Array("\u{1B}[<65;1".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.feed(Array("0;7M\r".utf8)) == [.enter])
        // A key's sequence cut the same way (Ctrl-→ split after its parameters).
        #expect(decoder.feed(Array("\u{1B}[1;5".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.feed(Array("Cq".utf8)) == [.character("q")])
        // Only Esc alone, or Alt and `[`, waits the short timeout.
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(!decoder.isInSequence)
        #expect(decoder.flush() == [.alt("[")])
    }

    @Test("Given legacy X10 reports (ESC [ M and three bytes), then presses decode and no byte is typed as text")
    func legacy() {
        // Left press at column 10, row 5: the button, the column and the row, each plus 32.
        #expect(decode("\u{1B}[M *%") == [.mouse(MouseEvent(.left, column: 9, row: 4))])
        // Wheel down (65 + 32 = "a"), then a release (3 + 32 = "#"), which names no button: dropped.
        #expect(
            decode("\u{1B}[Ma!!\u{1B}[M#!!k") == [.mouse(MouseEvent(.wheelDown, column: 0, row: 0)), .character("k")])
        // A column past 95 is a byte past 127, not UTF-8: taken as the report's, never as text.
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0x5B, 0x4D, 0x20, 0xC8, 0x21]) == [.mouse(MouseEvent(.left, column: 167, row: 0))])
        // Split between reads: waits for its three bytes.
        #expect(decoder.feed(Array("\u{1B}[M".utf8)).isEmpty)
        #expect(decoder.feed(Array(" ".utf8)).isEmpty)
        #expect(decoder.feed(Array("!!z".utf8)) == [.mouse(MouseEvent(.left, column: 0, row: 0)), .character("z")])
        // Cut short at the timeout: dropped, none of its bytes typed.
        #expect(decoder.feed(Array("\u{1B}[M ".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
    }

    @Test("A double click is two presses of the same button on the same cell within the interval, on the same screen")
    func doubleClick() {
        var counter = MouseClickCounter(interval: .milliseconds(400))
        let start = ContinuousClock.now
        let press = MouseEvent(.left, column: 3, row: 4)
        #expect(counter.count(press, at: start).clickCount == 1)
        #expect(counter.count(MouseEvent(.left, .release, column: 3, row: 4), at: start).clickCount == 1)
        let second = counter.count(press, at: start + .milliseconds(300))
        #expect(second.clickCount == 2 && second.isDoubleClick)
        // A third quick press starts again: a double click does not open twice.
        #expect(counter.count(press, at: start + .milliseconds(400)).clickCount == 1)
        // Too slow, another cell, another button, another screen: first clicks.
        #expect(counter.count(press, at: start + .milliseconds(900)).clickCount == 1)
        #expect(counter.count(MouseEvent(.left, column: 4, row: 4), at: start + .milliseconds(1000)).clickCount == 1)
        #expect(counter.count(MouseEvent(.right, column: 4, row: 4), at: start + .milliseconds(1100)).clickCount == 1)
        #expect(counter.count(MouseEvent(.right, column: 4, row: 4), at: start + .milliseconds(1200)).clickCount == 2)
        _ = counter.count(press, at: start + .milliseconds(2000), context: 1)
        #expect(counter.count(press, at: start + .milliseconds(2100), context: 2).clickCount == 1)
        // The wheel is never a click.
        let wheel = MouseEvent(.wheelDown, column: 3, row: 4)
        _ = counter.count(wheel, at: start + .milliseconds(3000))
        #expect(!counter.count(wheel, at: start + .milliseconds(3100)).isDoubleClick)
    }
}
