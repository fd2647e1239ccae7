import Foundation
import TerminalUI
import Testing

@Suite("Folding text for matching: case and accents, without Foundation")
struct TextFoldingTests {
    @Test("Given accented and upper-case letters, then they fold to plain lower-case letters; ß to ss")
    func folds() {
        #expect(TextFolding.fold("Beyoncé") == "beyonce")
        #expect(TextFolding.fold("Zoë KRAVITZ") == "zoe kravitz")
        #expect(TextFolding.fold("Straße STRASSE") == "strasse strasse")
        #expect(
            TextFolding.fold("Sigur Rós, Mötley Crüe, Ænima, Œuvre, Łódź, Øya")
                == "sigur ros, motley crue, aenima, oeuvre, lodz, oya")
        #expect(TextFolding.fold("Sơn Tùng M-TP") == "son tung m-tp")
    }

    @Test("Given marks written as separate combining scalars, then they are dropped as the precomposed ones are")
    func dropsCombiningMarks() {
        #expect(TextFolding.fold("Beyonce\u{301}") == "beyonce")
        #expect(TextFolding.fold("Zoe\u{308}") == "zoe")
    }

    @Test("Given other scripts, then they are lower-cased and otherwise kept")
    func keepsOtherScripts() {
        #expect(TextFolding.fold("ΑΒΓ Ёж 한글 🎸") == "αβγ ёж 한글 🎸")
    }

    @Test("The base-letter tables agree with Foundation's diacritic-insensitive folding for every letter they cover")
    func tablesAgreeWithFoundation() throws {
        let ranges: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x1E00...0x1EFF]
        var checked = 0
        for value in ranges.joined() {
            let scalar = try #require(Unicode.Scalar(value))
            let text = String(Character(scalar))
            let expected = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            // Foundation's answer where it is one ASCII letter: the table must give the same.
            guard expected.unicodeScalars.count == 1, let only = expected.unicodeScalars.first, only.isASCII,
                only.properties.isAlphabetic
            else { continue }
            #expect(TextFolding.fold(text) == expected, "U+\(String(value, radix: 16, uppercase: true))")
            checked += 1
        }
        #expect(checked > 300)
    }
}

@Suite("Fuzzy matching as in fzf: subsequence, folded, scored, with the matched positions")
struct FuzzyPatternTests {
    @Test("/brd keeps \"Are You Bored Yet?\" and marks B, r, d")
    func subsequence() throws {
        let match = try #require(FuzzyPattern("brd").match("Are You Bored Yet?"))
        #expect(match.positions == [[8, 10, 12]])
        #expect(FuzzyPattern("bdr").match("Are You Bored Yet?") == nil)
    }

    @Test(
        "/beyonce keeps Beyoncé, /zoe keeps Zoë, /strasse keeps Straße, /É keeps e: accents and case ignored both ways")
    func foldsBothSides() throws {
        #expect(try #require(FuzzyPattern("beyonce").match("Beyoncé")).positions == [Array(0..<7)])
        #expect(try #require(FuzzyPattern("zoe").match("Zoë Kravitz")).positions == [[0, 1, 2]])
        #expect(try #require(FuzzyPattern("strasse").match("Straße")).positions == [Array(0..<6)])
        #expect(FuzzyPattern("BEYONCÉ").match("beyonce") != nil)
        #expect(FuzzyPattern("zoe").match("Zeo") == nil)
    }

    @Test("Given several words, then each must match, in any field, and positions are given per field")
    func words() throws {
        let match = try #require(
            FuzzyPattern("bored clairo").match(fields: ["Are You Bored Yet?", "Wallows & Clairo"]))
        #expect(match.positions == [Array(8...12), Array(10...15)])
        #expect(FuzzyPattern("bored beyonce").match(fields: ["Are You Bored Yet?", "Wallows"]) == nil)
    }

    @Test("A run beats the same letters scattered; a word start beats the middle of a word")
    func scoring() throws {
        let run = try #require(FuzzyPattern("bored").match("Bored"))
        let scattered = try #require(FuzzyPattern("bored").match("Big Ocean Red Dune"))
        #expect(run.score > scattered.score)
        let atStart = try #require(FuzzyPattern("lo").match("Love Song"))
        let inside = try #require(FuzzyPattern("lo").match("Hello Song"))
        #expect(atStart.score > inside.score)
        // The best placement is chosen, not the first: "ys" at the starts of "You Say", not in "Yesterday".
        #expect(try #require(FuzzyPattern("ys").match("Yesterday You Say")).positions == [[10, 14]])
    }

    @Test("Ranking: best first, a shorter candidate before a longer one with the same score, then the given order")
    func ranking() {
        let candidates = [["Bad Guy (Live)"], ["Blinding Lights"], ["Bad Guy"], ["Nothing"], ["Bad Guy (Live)"]]
        let ranked = FuzzyPattern("bad guy").rank(candidates)
        #expect(ranked.map(\.index) == [2, 0, 4])
        #expect(FuzzyPattern("bl").rank(candidates).first?.index == 1)
    }

    @Test("An empty pattern or one of spaces is empty; a pattern longer than the text does not match")
    func edges() {
        #expect(FuzzyPattern("   ").isEmpty)
        #expect(FuzzyPattern("abc").match("ab") == nil)
        #expect(FuzzyPattern("a").match("") == nil)
    }
}

@Suite("Copying through the terminal with OSC 52")
struct ClipboardTests {
    @Test("The sequence is ESC ] 52 ; c ; the base64 of the text, BEL")
    func sequence() throws {
        let url = "https://music.apple.com/us/music-video/bored/1?i=2&é"
        let bytes = try #require(Clipboard.copySequence(for: url))
        let expected = "\u{1B}]52;c;" + Data(url.utf8).base64EncodedString() + "\u{07}"
        #expect(bytes == Array(expected.utf8))
    }

    @Test("Base64 pads as RFC 4648 says, for every remainder")
    func base64() {
        for text in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            #expect(
                String(decoding: Clipboard.base64(Array(text.utf8)), as: UTF8.self)
                    == Data(text.utf8).base64EncodedString())
        }
    }

    @Test("Text over the limit is not sent")
    func limit() {
        #expect(Clipboard.copySequence(for: String(repeating: "a", count: Clipboard.maximumBytes + 1)) == nil)
    }
}

@Suite("Highlighting matched characters in a frame line")
struct HighlightTests {
    @Test("Given positions, then those characters are runs of their own with the highlight; padded to the width")
    func runs() {
        var line = FrameLine(columns: 20)
        line.append("Bored", width: 8, .bold, highlighting: [0, 2, 3])
        #expect(line.runs.map(\.text) == ["B", "o", "re", "d", "   "])
        #expect(line.runs.map(\.attributes) == [[.bold, .highlight], .bold, [.bold, .highlight], .bold, .bold])
    }

    @Test("Given text cut to fit, then the ellipsis is never highlighted")
    func cut() {
        var line = FrameLine(columns: 20)
        line.append("abcdef", width: 4, highlighting: [0, 3, 4])
        #expect(line.text == "abc…")
        #expect(line.runs.map(\.text) == ["a", "bc…"])
    }

    @Test("With colour the highlight is yellow; without colour (NO_COLOR) it is underlined, never yellow")
    func encoding() {
        var frame = Frame(columns: 10, rows: 1)
        var line = FrameLine(columns: 10)
        line.append("ab", width: 2, highlighting: [1])
        frame[0] = line
        let colour = String(
            decoding: FrameEncoder(usesColor: true, usesHyperlinks: false).encode(from: nil, to: frame), as: UTF8.self)
        #expect(colour.contains("a\u{1B}[0;33mb\u{1B}[0m"))
        let plain = String(
            decoding: FrameEncoder(usesColor: false, usesHyperlinks: false).encode(from: nil, to: frame), as: UTF8.self)
        #expect(plain.contains("a\u{1B}[0;4mb\u{1B}[0m") && !plain.contains("33m"))
    }
}
