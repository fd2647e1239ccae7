import TerminalUI
import Testing

/// The search field's editing keys, by character and by word.
@Suite("Line editor")
struct LineEditorTests {
    private func edit(_ text: String, _ keys: Key...) -> (text: String, cursor: Int) {
        var editor = LineEditor(text)
        for key in keys {
            let handled = editor.handle(key)
            #expect(handled)
        }
        return (editor.text, editor.cursor)
    }

    @Test("Alt-B and Alt-F move to the start and end of words, skipping spaces, stopping at the ends")
    func wordMotion() {
        #expect(edit("jack  johnson", .alt("b")) == ("jack  johnson", 6))
        #expect(edit("jack  johnson", .alt("b"), .alt("b")) == ("jack  johnson", 0))
        #expect(edit("jack  johnson", .alt("b"), .alt("b"), .alt("b")) == ("jack  johnson", 0))
        #expect(edit("jack  johnson", .home, .alt("f")) == ("jack  johnson", 4))
        #expect(edit("jack  johnson", .home, .alt("f"), .alt("f"), .alt("f")) == ("jack  johnson", 13))
        // With Shift or Caps Lock, as readline takes them.
        #expect(edit("jack  johnson", .alt("B"), .alt("B"), .alt("F"), .alt("D")) == ("jack", 4))
    }

    @Test("Alt-Backspace and Ctrl-W delete the word before the cursor; Alt-D the word after it")
    func wordDeletion() {
        #expect(edit("jack johnson ", .altBackspace) == ("jack ", 5))
        #expect(edit("jack johnson", .control("w"), .control("w")) == ("", 0))
        #expect(edit("jack johnson", .home, .alt("d")) == (" johnson", 0))
        #expect(edit("jack johnson", .alt("b"), .alt("d")) == ("jack ", 5))
        #expect(edit("jack johnson", .alt("d")) == ("jack johnson", 12))
    }

    @Test("An Alt chord that edits nothing is not the field's: the screen may use it")
    func otherChords() {
        var editor = LineEditor("jack")
        let handledAlt = editor.handle(.alt("x"))
        let handledEscape = editor.handle(.escape)
        #expect(!handledAlt && !handledEscape)
        #expect(editor.text == "jack" && editor.cursor == 4)
    }
}
