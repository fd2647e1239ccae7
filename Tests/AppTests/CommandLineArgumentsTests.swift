import Testing

@testable import App

@Suite("Command-line arguments as bytes")
struct CommandLineArgumentsTests {
    @Test("Given UTF-8 arguments (U+FFFD typed as such included), when checked, then nothing is refused")
    func utf8Passes() throws {
        try CommandLineArguments.checkEncoding([Array("café".utf8), Array("\u{FFFD}".utf8), [], Array("-l".utf8)])
    }

    @Test(
        "Given an argument in Latin-1, when checked, then a usage error shows its bytes that are not UTF-8 as \\xNN",
        arguments: [
            ([0x63, 0x61, 0x66, 0xE9], "'caf\\xE9'"),
            ([0xFF], "'\\xFF'"),
            ([0xC3], "'\\xC3'"),  // a character cut short
            ([0xED, 0xA0, 0x80, 0x61], "'\\xED\\xA0\\x80a'"),  // a surrogate half, never UTF-8
            ([0xE9, 0x1B, 0x5B, 0x32, 0x4A], "'\\xE9[2J'"),  // its control characters never reach the terminal
        ] as [([UInt8], String)])
    func latin1Refused(bytes: [UInt8], shown: String) {
        #expect(
            throws: UsageError(
                "argument \(shown) is not UTF-8 text — type it again with the terminal and LANG set to UTF-8")
        ) {
            try CommandLineArguments.checkEncoding([Array("jack".utf8), bytes])
        }
    }
}
