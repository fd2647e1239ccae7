import Domain
import Mocks
import Presentation
import Testing

@testable import App

@Suite("Hints: flags on the command line, the domain's words in the session")
struct CommandLineHintPhrasingTests {
    @Test(
        "Given a hint that a flag acts on, the command line names the flag; the session's words name none",
        arguments: [
            (RecoveryHint.allowMoreTime, "--timeout"), (.fetchWhileOnline, "--offline"),
            (.checkServiceAddress, "--base-url"), (.chooseLimit(1...200), "--limit 1 to 200"),
            (.chooseNonNegativeOffset, "--offset"), (.chooseSmallerOffset(maximum: 9), "--offset 9 or less"),
            (.checkIDOrCountry, "--country"),
            (.giveSearchWords, "mvsearch jack johnson"),
        ])
    func flagHints(hint: RecoveryHint, flag: String) {
        #expect(CommandLineHintPhrasing().advice(for: hint).contains(flag))
        #expect(!PlainHintPhrasing().advice(for: hint).contains("--"))
        #expect(!PlainHintPhrasing().advice(for: hint).contains("mvsearch"))
    }

    @Test("Given a hint no flag acts on, the command line keeps the domain's words")
    func otherHints() {
        for hint in [RecoveryHint.tryAgain, .tryAgainLater, .waitAndTryAgain(seconds: 2), .tryOtherWords] {
            #expect(CommandLineHintPhrasing().advice(for: hint) == PlainHintPhrasing().advice(for: hint))
        }
    }
}
