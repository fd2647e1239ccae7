import Testing

@testable import TerminalUI

/// LF (0x0A) in raw mode: Enter sends CR, so a lone LF is Ctrl-J — except where it is Enter's
/// (CR LF) or a line break of text that came with it (pasted without bracketed paste, or piped).
@Suite("Key decoder: Ctrl-J and the line feed")
struct KeyDecoderLineFeedTests {
    private func feed(_ reads: [String]) -> [Key] {
        var decoder = KeyDecoder()
        return reads.flatMap { decoder.feed(Array($0.utf8)) } + decoder.flush()
    }

    @Test("Given a lone LF, or several (Ctrl-J held), then each is Ctrl-J; a CR is Enter")
    func ctrlJ() {
        #expect(feed(["\n"]) == [.control("j")])
        #expect(feed(["\n\n\n"]) == [.control("j"), .control("j"), .control("j")])
        #expect(feed(["\r"]) == [.enter])
        #expect(feed(["j", "\n"]) == [.character("j"), .control("j")])  // typed apart: two reads
    }

    @Test("Given CR LF (a terminal in newline mode), then one Enter, not Enter and Ctrl-J")
    func carriageReturnLineFeed() {
        #expect(feed(["\r\n"]) == [.enter])
        #expect(feed(["\r\n\n"]) == [.enter, .control("j")])
    }

    @Test("Given text with line breaks in one read (pasted without bracketed paste), then each break is Enter")
    func pastedText() {
        #expect(
            feed(["ab\ncd\n"]) == [.character("a"), .character("b"), .enter, .character("c"), .character("d"), .enter])
        #expect(feed(["\u{1B}[200~a\nb\u{1B}[201~"]) == [.paste("a\nb")])  // a bracketed paste keeps its text
    }
}
