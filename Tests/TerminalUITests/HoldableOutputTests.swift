import Mocks
import TerminalUI
import Testing

/// Standard error held while a full-screen session draws on the terminal.
@Suite("Standard error held during a full-screen session")
struct HoldableOutputTests {
    @Test("Given it held, what is written waits, in order, until release; then writes go through again")
    func heldUntilRelease() {
        let terminal = CapturingOutput()
        let output = HoldableOutput(terminal, leftOut: { "\($0) more messages were left out\n" })
        output.write("before\n")
        output.hold()
        output.write("one\n")
        output.write("two\n")
        #expect(terminal.chunks == ["before\n"])
        output.release()
        #expect(terminal.chunks == ["before\n", "one\n", "two\n"])
        output.write("after\n")
        #expect(terminal.text == "before\none\ntwo\nafter\n")
    }

    @Test("Given more than its limit written while held, the rest is counted and said in one line")
    func bounded() {
        let terminal = CapturingOutput()
        let output = HoldableOutput(terminal, leftOut: { "\($0) more messages were left out\n" })
        output.hold()
        let line = String(repeating: "x", count: 1023) + "\n"
        let kept = HoldableOutput.limitBytes / line.utf8.count
        for _ in 0..<(kept + 3) { output.write(line) }
        output.write("small\n")  // it would fit, but it came after one left out: left out, the order kept
        output.release()
        #expect(terminal.chunks.count == kept + 1)
        #expect(
            terminal.chunks.last == "4 more messages were left out\n")
    }
}
