import Foundation
import TerminalUI
import Testing

@Suite("Sanitising server text for a terminal")
struct TerminalSanitizerTests {
    @Test("Escape sequences lose their ESC and print as inert text")
    func stripsEscape() {
        #expect(TerminalSanitizer.sanitize("\u{1B}[31mred\u{1B}[0m\u{1B}]0;title\u{07}") == "[31mred[0m]0;title")
    }

    @Test("NUL, DEL, C1 controls (CSI) and bidirectional overrides are removed")
    func stripsControls() {
        #expect(
            TerminalSanitizer.sanitize("a\u{0}b\u{7F}c\u{9B}2Jd\u{202E}evil\u{202C}\u{2066}x\u{2069}") == "abc2Jdevilx")
    }

    @Test("Carriage returns, tabs and line breaks become one space")
    func foldsBreaks() {
        #expect(TerminalSanitizer.sanitize("one\r\ntwo\tthree\u{2028}four") == "one two three four")
    }

    @Test("Ordinary Unicode is kept")
    func keepsText() {
        #expect(TerminalSanitizer.sanitize("Beyoncé – 한글 🎸 I Don’t") == "Beyoncé – 한글 🎸 I Don’t")
    }

    @Test("Given input repeated in a message, then it is at most 80 characters, ending in … when cut")
    func excerpt() {
        #expect(TerminalSanitizer.excerpt("US") == "US")
        let long = TerminalSanitizer.excerpt(String(repeating: "x", count: 120_000))
        #expect(long.count == 80 && long.hasSuffix("…"))
        #expect(TerminalSanitizer.excerpt(String(repeating: "é", count: 80)) == String(repeating: "é", count: 80))
        #expect(TerminalSanitizer.excerpt("a\u{1B}[2J" + String(repeating: "b", count: 100)).hasPrefix("a[2Jbbb"))
        #expect(TerminalSanitizer.excerpt(String(repeating: "\u{7}", count: 500) + "tail").hasSuffix("…"))
    }
}

@Suite("Display width")
struct DisplayWidthTests {
    @Test(
        "Wide scripts and emoji take two columns; combining marks none",
        arguments: [
            ("abc", 3), ("한글", 4), ("アイ", 4), ("漢字", 4), ("🎸", 2), ("❤️", 2), ("👩‍👩‍👧", 2), ("e\u{301}", 1), ("🇯🇵", 2),
            ("🇯🇵🇫🇷", 4), ("👍🏽", 2), ("❤\u{FE0F}", 2), ("a\u{200D}", 1), ("ｆｕｌｌ", 8),
            ("", 0),
        ])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("A run of conjoining jamo is as wide as terminals draw it, and is cut between its jamo")
    func conjoiningJamo() {
        let run = String(repeating: "\u{1100}", count: 5)  // one character to Unicode
        #expect(run.count == 1)
        #expect(DisplayWidth.of(run) == 10)
        #expect(DisplayWidth.of(Character(run)) == 10)
        #expect(DisplayWidth.of(Character("\u{1100}\u{1161}\u{11A8}")) == 2)  // one syllable
        let cut = DisplayWidth.truncate(run, toWidth: 5)
        #expect(cut == "\u{1100}\u{1100}…" && DisplayWidth.of(cut) == 5)
        #expect(
            DisplayWidth.wrap(run, toWidth: 4, maximumLines: 3) == ["\u{1100}\u{1100}", "\u{1100}\u{1100}", "\u{1100}"])
    }

    @Test("Truncation fits the width exactly and ends with an ellipsis")
    func truncates() {
        #expect(DisplayWidth.truncate("abcdef", toWidth: 4) == "abc…")
        #expect(DisplayWidth.truncate("abc", toWidth: 3) == "abc")
        #expect(DisplayWidth.truncate("한글한글", toWidth: 6) == "한글…")
        #expect(DisplayWidth.truncate("한글한글", toWidth: 5) == "한글…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("🎸🎸🎸", toWidth: 4)) <= 4)
    }

    @Test("Wrapping breaks between words, inside a word only when it is wider than a line, and cuts with …")
    func wraps() {
        #expect(
            DisplayWidth.wrap("Are You Bored Yet? (feat. Clairo)", toWidth: 20, maximumLines: 5) == [
                "Are You Bored Yet?", "(feat. Clairo)",
            ])
        #expect(DisplayWidth.wrap("short", toWidth: 20, maximumLines: 1) == ["short"])
        #expect(
            DisplayWidth.wrap("see https://example.com/abcdefghij", toWidth: 10, maximumLines: 9) == [
                "see", "https://ex", "ample.com/", "abcdefghij",
            ])
        #expect(DisplayWidth.wrap("한글 한글한글", toWidth: 5, maximumLines: 9) == ["한글", "한글", "한글"])
        #expect(DisplayWidth.wrap("one two three four five", toWidth: 9, maximumLines: 2) == ["one two", "three…"])
        #expect(
            DisplayWidth.wrap(String(repeating: "x", count: 3_000), toWidth: 10, maximumLines: 3).last == "xxxxxxxxx…")
        #expect(DisplayWidth.wrap("abc", toWidth: 0, maximumLines: 3).isEmpty)
        for width in 1...12 {
            let lines = DisplayWidth.wrap("Jack 🎸 Johnson — Upside Down (Live)", toWidth: width, maximumLines: 40)
            #expect(lines.allSatisfy { !$0.isEmpty && DisplayWidth.of($0) <= max(width, 2) })
        }
    }

    @Test("Padding counts display columns, not characters")
    func pads() {
        #expect(DisplayWidth.pad("한", toWidth: 4) == "한  ")
        #expect(DisplayWidth.pad("7", toWidth: 3, alignRight: true) == "  7")
    }
}
