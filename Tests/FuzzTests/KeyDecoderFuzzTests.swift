import TerminalUI
import XCTest

/// What a terminal sends (`KeyDecoder`): real key sequences — text in any script, control keys,
/// CSI and SS3 keys with modifiers, Alt chords, SGR and legacy mouse reports, bracketed pastes —
/// strung together, cut and mutated byte by byte, and fed whole, in chunks of any size, and with
/// the reader's timeouts (`flush()`) between chunks. Fed in chunks, the keys are the keys fed
/// whole; a character key is never a control character, a Ctrl key is a letter or `\`, an Alt
/// key is printable ASCII, a paste holds at most `maximumPaste` bytes, a mouse report's cell is
/// on the screen's side of 0; and there are never more keys than bytes.
final class KeyDecoderFuzzTests: XCTestCase {
    static let sequences: [String] = [
        "a", "Z", "clairo", "é", "日本", "😀", "\u{301}", " ", "\r", "\n", "\t", "\u{7F}", "\u{8}", "\u{3}", "\u{1A}",
        "\u{1C}", "\u{0}", "\u{1B}", "\u{1B}\u{1B}", "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}OA",
        "\u{1B}OH", "\u{1B}[H", "\u{1B}[F", "\u{1B}[1~", "\u{1B}[4~", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[3~",
        "\u{1B}[1;5A", "\u{1B}[1;3C", "\u{1B}[3;2~", "\u{1B}[Z", "\u{1B}OP", "\u{1B}[11~", "\u{1B}b", "\u{1B}\u{7F}",
        "\u{1B}[<0;12;5M", "\u{1B}[<0;12;5m", "\u{1B}[<64;1;1M", "\u{1B}[<65;200;60M", "\u{1B}[<32;3;4M",
        "\u{1B}[<2;1;1M", "\u{1B}[<0;0;0M", "\u{1B}[<4294967296;1;1M", "\u{1B}[M !!", "\u{1B}[M`\u{FF}\u{FF}",
        "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[200~pasted text\u{1B}[201~", "\u{1B}[?1;2c", "\u{1B}]11;rgb:0/0/0\u{7}",
        "\u{1B}[8;24;80t", "\u{9B}A", "\u{C3}", "\u{FF}",
    ]

    func testTerminalBytesAreKeys() {
        let tokens = Self.sequences.map { Array($0.utf8) }
        let mutator = ByteMutator(dictionary: tokens, maximumLength: 80 * 1024)
        Fuzzer.run("keys") { random in
            var bytes: [UInt8] = []
            for _ in 0..<(1 + random.below(12)) {
                var token = random.pick(tokens)
                if random.oneIn(6) { token.removeLast(random.below(token.count)) }  // a report cut short
                bytes += token
            }
            if random.oneIn(20) {  // a paste past its bound
                bytes +=
                    Array("\u{1B}[200~".utf8)
                    + [UInt8](repeating: 0x61, count: KeyDecoder.maximumPaste + random.below(300))
            }
            if !random.oneIn(3) { mutator.mutate(&bytes, using: &random) }
            return bytes
        } check: { input in
            try Self.check(input)
        }
    }

    static func check(_ input: [UInt8]) throws -> String {
        // As the reader reads: at most 4096 bytes at a time.
        var whole = KeyDecoder()
        var keys: [Key] = []
        for start in stride(from: 0, to: input.count, by: 4096) {
            keys += whole.feed(input[start..<min(input.count, start + 4096)])
        }
        keys += whole.flush()
        try checkKeys(keys, of: input)

        var cuts = FuzzRandom(seed: UInt64(input.count) &* 131 &+ UInt64(input.last ?? 0))
        var chunked = KeyDecoder()
        var timed = KeyDecoder()
        var chunkedKeys: [Key] = []
        var timedKeys: [Key] = []
        var rest = input[...]
        while !rest.isEmpty {
            let size = 1 + cuts.below(min(rest.count, cuts.oneIn(2) ? 4 : 64))
            chunkedKeys += chunked.feed(rest.prefix(size))
            timedKeys += timed.feed(rest.prefix(size))
            if cuts.oneIn(3) { timedKeys += timed.flush() }  // a pause past the reader's timeout
            rest = rest.dropFirst(size)
        }
        chunkedKeys += chunked.flush()
        timedKeys += timed.flush()
        // A line feed alone is Ctrl-J, and Enter after text in the same read (a paste without
        // bracketed paste): that reading, and only it, may change with where the reads end.
        guard lineFeedsAsEnter(chunkedKeys) == lineFeedsAsEnter(keys) else {
            throw FuzzViolation("fed in chunks, other keys: \(chunkedKeys) and not \(keys)")
        }
        try checkKeys(timedKeys, of: input)
        return keys.isEmpty ? "none" : keys.contains { if case .mouse = $0 { true } else { false } } ? "mouse" : "keys"
    }

    /// The keys with Ctrl-J read as Enter: the two readings of a line feed made one.
    static func lineFeedsAsEnter(_ keys: [Key]) -> [Key] {
        keys.map { $0 == .control("j") ? .enter : $0 }
    }

    static func checkKeys(_ keys: [Key], of input: [UInt8]) throws {
        guard keys.count <= input.count else { throw FuzzViolation("\(keys.count) keys from \(input.count) bytes") }
        for key in keys {
            switch key {
            case .character(let character):
                guard !character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
                else { throw FuzzViolation("a control character as a character key: \(key)") }
            case .control(let character):
                guard character == "\\" || ("a"..."z").contains(character) else { throw FuzzViolation("\(key)") }
            case .alt(let character):
                guard let ascii = character.asciiValue, (0x20...0x7E).contains(ascii) else {
                    throw FuzzViolation("\(key)")
                }
            case .paste(let text):
                guard text.utf8.count <= 3 * KeyDecoder.maximumPaste else {  // each byte at most U+FFFD
                    throw FuzzViolation("a paste of \(text.utf8.count) bytes")
                }
            case .mouse(let event):
                guard event.column >= 0, event.row >= 0 else { throw FuzzViolation("\(key)") }
            default: break
            }
        }
    }
}
