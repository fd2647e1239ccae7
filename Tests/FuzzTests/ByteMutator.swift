/// Mutations of bytes that know nothing of the format: flipped bits, bytes that parsers treat
/// specially, runs cut, repeated or spliced, and the format's own words (its dictionary) put in.
/// The structure-aware mutators of each target call this last, to break what they built.
struct ByteMutator {
    /// Words of the format (tokens, keywords, separators) spliced in whole.
    var dictionary: [[UInt8]]
    /// The longest input made.
    var maximumLength: Int

    /// Bytes that end, open, escape or break something in most text formats.
    static let interestingBytes: [UInt8] = [
        0x00, 0x01, 0x07, 0x08, 0x09, 0x0A, 0x0D, 0x1B, 0x20, 0x22, 0x23, 0x25, 0x2C, 0x2E, 0x2F, 0x3A, 0x3B,
        0x3C, 0x3D, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D, 0x7E, 0x7F, 0x80, 0x9B, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xEF,
        0xF0, 0xF4, 0xF8, 0xFE, 0xFF,
    ]
    /// Numbers at the edges of the types parsers read them into.
    static let interestingNumbers: [String] = [
        "0", "-0", "-1", "1", "07", "255", "256", "65535", "65536", "2147483647", "2147483648", "-2147483649",
        "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "1e308", "1e309", "-1e-400", "0.1e-2147483648", "1.5", "1E+2", "NaN", "Infinity",
        String(repeating: "9", count: 400),
    ]

    /// Mutates `input` in place one to `rounds` times.
    func mutate(_ input: inout [UInt8], rounds: Int = 4, using random: inout FuzzRandom) {
        for _ in 0..<(1 + random.below(rounds)) { mutateOnce(&input, using: &random) }
        if input.count > maximumLength { input.removeLast(input.count - maximumLength) }
    }

    // swiftlint:disable:next cyclomatic_complexity
    private func mutateOnce(_ input: inout [UInt8], using random: inout FuzzRandom) {
        let count = input.count
        let at = random.below(count + 1)
        switch random.below(12) {
        case 0 where count > 0:  // flip a bit
            input[min(at, count - 1)] ^= UInt8(1) << UInt8(random.below(8))
        case 1 where count > 0:  // a special byte in place of one
            input[min(at, count - 1)] = random.pick(Self.interestingBytes)
        case 2:  // special bytes put in
            for _ in 0..<(1 + random.below(4)) { input.insert(random.pick(Self.interestingBytes), at: at) }
        case 3:  // random bytes put in
            input.insert(
                contentsOf: (0..<(1 + random.below(8))).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
        case 4 where count > 0:  // a run cut out
            let length = min(count - min(at, count - 1), 1 + random.below(16))
            input.removeSubrange(min(at, count - 1)..<(min(at, count - 1) + length))
        case 5 where count > 0:  // a run repeated, sometimes many times (long lines, deep nesting)
            let start = random.below(count)
            let run = Array(input[start..<min(count, start + 1 + random.below(16))])
            let times = random.oneIn(8) ? 1 + random.below(2000) : 1 + random.below(4)
            let repeated = Array([[UInt8]](repeating: run, count: times).joined())
            input.insert(contentsOf: repeated.prefix(maximumLength), at: at)
        case 6 where !dictionary.isEmpty:  // a word of the format put in
            input.insert(contentsOf: random.pick(dictionary), at: at)
        case 7 where !dictionary.isEmpty && count > 0:  // a word of the format written over
            let word = random.pick(dictionary)
            let start = min(at, count - 1)
            input.replaceSubrange(start..<min(count, start + word.count), with: word)
        case 8:  // a number at an edge
            input.insert(contentsOf: Array(random.pick(Self.interestingNumbers).utf8), at: at)
        case 9 where count > 1:  // two runs swapped
            let first = random.below(count - 1)
            let second = first + 1 + random.below(count - first - 1)
            input.swapAt(first, second)
        case 10 where count > 0:  // cut short
            input.removeLast(count - at)
        default:  // a byte put in
            input.insert(UInt8.random(in: 0...255, using: &random), at: at)
        }
    }
}
