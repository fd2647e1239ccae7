import Foundation
import Mocks
import TerminalUI
import Testing

@Suite("The spinner's line")
struct TerminalSpinnerLineTests {
    private func line(detail: String? = nil, elapsed: Duration = .zero, width: Int = 100) -> String {
        TerminalSpinner.line(frame: "⠋", message: "Searching", detail: detail, elapsed: elapsed, width: width)
    }

    @Test("Given a wait under a second with no retry, then what it waits for and that Ctrl-C cancels, no seconds")
    func plain() {
        #expect(line(elapsed: .milliseconds(900)) == "⠋ Searching… Ctrl-C cancels")
    }

    @Test("Given a retry 3.4 s in, then the detail, the whole seconds and the Ctrl-C hint")
    func retrying() {
        #expect(
            line(detail: "HTTP 503 · retrying 2 of 3", elapsed: .milliseconds(3400))
                == "⠋ Searching… HTTP 503 · retrying 2 of 3 · waited 3 s · Ctrl-C cancels")
    }

    @Test("Given a narrow terminal, then the Ctrl-C hint goes first, then the seconds, then the end is cut")
    func narrow() {
        let detail = "HTTP 503 · retrying 2 of 3"
        #expect(
            line(detail: detail, elapsed: .seconds(3), width: 53)
                == "⠋ Searching… HTTP 503 · retrying 2 of 3 · waited 3 s")
        #expect(line(detail: detail, elapsed: .seconds(3), width: 41) == "⠋ Searching… HTTP 503 · retrying 2 of 3")
        let cut = line(detail: detail, elapsed: .seconds(3), width: 20)
        #expect(cut.hasPrefix("⠋ Searching… HTTP") && cut.hasSuffix("…"), "\(cut)")
        #expect(DisplayWidth.of(cut) <= 19)
    }

    @Test("Given a detail with a control character, then it is made inert")
    func sanitised() {
        #expect(!line(detail: "HTTP 503\u{1B}[2J").contains("\u{1B}"))
    }
}

@Suite("The spinner on standard error")
struct TerminalSpinnerTests {
    /// A spinner whose timer never fires on its own: the test draws each frame.
    private func spinner(_ output: CapturingOutput, now: Duration = .seconds(2)) -> TerminalSpinner {
        let origin = ContinuousClock.now
        return TerminalSpinner(
            output: output, columns: { 120 }, now: { origin + now }, appearsAfter: .seconds(3600))
    }

    @Test("Given a retry detail, then the next frame says it; stop erases the line and forgets it")
    func drawsDetail() {
        let output = CapturingOutput()
        let spinner = spinner(output, now: .zero)
        spinner.start(message: "Searching")
        spinner.show(detail: "HTTP 503 · retrying 2 of 3")
        spinner.draw()
        spinner.stop()
        spinner.start(message: "Looking up")
        spinner.draw()
        #expect(
            output.chunks == [
                LineControl.eraseLine + "⠋ Searching… HTTP 503 · retrying 2 of 3 · Ctrl-C cancels",
                LineControl.eraseLine,
                LineControl.eraseLine + "⠙ Looking up… Ctrl-C cancels",
            ])
    }

    @Test("Given a frame on the line, a diagnostic takes the line; with none, it is written as it is")
    func writeAbove() {
        let output = CapturingOutput()
        let spinner = spinner(output)
        spinner.write(above: "mvsearch: first\n")
        spinner.start(message: "Searching")
        spinner.draw()
        spinner.write(above: "mvsearch: GET … → 503\n")
        spinner.stop()
        #expect(
            output.chunks == [
                "mvsearch: first\n",
                LineControl.eraseLine + "⠋ Searching… Ctrl-C cancels",
                LineControl.eraseLine + "mvsearch: GET … → 503\n",
            ])
    }
}
