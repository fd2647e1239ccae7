import Presentation
import TerminalUI
import Testing

@Suite("A row number typed in a full-screen list")
struct RowNumberEntryTests {
    @Test("Digits, Backspace and Enter open the row; Esc gives up; other keys pass")
    func typing() {
        var entry = RowNumberEntry()
        #expect(entry.handle(.enter) == .passed)  // no number yet: the list's Enter
        #expect(entry.handle(.character("1")) == .handled)
        #expect(entry.handle(.character("2")) == .handled)
        #expect(entry.keyHints.map(KeyHint.text) == "open row 12… · Enter open · Esc cancel")
        #expect(entry.handle(.down) == .passed)
        #expect(entry.handle(.backspace) == .handled)
        #expect(entry.handle(.enter) == .open(1))
        #expect(entry.keyHints == nil)
        _ = entry.handle(.character("4"))
        #expect(entry.handle(.escape) == .handled)
        #expect(entry.digits.isEmpty)
        #expect(entry.handle(.escape) == .passed)
    }

    @Test("At most seven digits are kept")
    func bounded() {
        var entry = RowNumberEntry()
        for _ in 0..<12 { _ = entry.handle(.character("9")) }
        #expect(entry.handle(.enter) == .open(9_999_999))
    }
}
