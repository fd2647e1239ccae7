import Foundation

/// Inflates a zlib stream (RFC 1950, deflate of RFC 1951) only to count what it holds, and stops
/// as soon as that passes a limit: a PNG's image data must inflate to exactly the size its header
/// gives, and a stream that would inflate to gigabytes (a thousandfold is possible) is refused
/// after the limit, at no more cost. Only a 32 KiB window is kept, never the output.
struct BoundedInflater {
    /// Why the stream is refused.
    enum Failure: Error, Equatable {
        /// Not a zlib stream, or not a valid one (bad codes, distances, check sum, cut short).
        case invalid
        /// It inflates past the limit.
        case tooLarge
    }

    private let input: [UInt8]
    private let limit: Int
    private var position = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private var window = [UInt8](repeating: 0, count: 32_768)
    private var produced = 0
    private var adlerA: UInt32 = 1
    private var adlerB: UInt32 = 0

    /// - Parameters:
    ///   - zlib: The stream, its header and Adler-32 check sum included.
    ///   - limit: The most bytes it may inflate to.
    /// - Returns: How many bytes it inflates to (at most `limit`).
    /// - Throws: `Failure`.
    static func inflatedSize(of zlib: [UInt8], limit: Int) throws(Failure) -> Int {
        var inflater = BoundedInflater(input: zlib, limit: limit)
        return try inflater.run()
    }

    private init(input: [UInt8], limit: Int) {
        self.input = input
        self.limit = limit
    }

    private mutating func run() throws(Failure) -> Int {
        guard input.count >= 6 else { throw .invalid }
        let (method, flags) = (UInt32(input[0]), UInt32(input[1]))
        guard method & 0x0F == 8, method >> 4 <= 7, (method << 8 | flags) % 31 == 0, flags & 0x20 == 0 else {
            throw .invalid
        }
        position = 2
        var isLast = false
        while !isLast {
            isLast = try bits(1) == 1
            switch try bits(2) {
            case 0: try storedBlock()
            case 1: try codedBlock(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicCodes()
                try codedBlock(literals: literals, distances: distances)
            default: throw .invalid
            }
        }
        // The Adler-32 check sum, byte-aligned, after the last block.
        bitBuffer = 0
        position -= bitCount / 8
        bitCount = 0
        guard input.count - position >= 4 else { throw .invalid }
        let expected = input[position..<(position + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard expected == adlerB << 16 | adlerA else { throw .invalid }
        return produced
    }

    private mutating func bits(_ count: Int) throws(Failure) -> Int {
        while bitCount < count {
            guard position < input.count else { throw .invalid }
            bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    private mutating func emit(_ byte: UInt8) throws(Failure) {
        guard produced < limit else { throw .tooLarge }
        window[produced & 0x7FFF] = byte
        produced += 1
        adlerA = (adlerA + UInt32(byte)) % 65_521
        adlerB = (adlerB + adlerA) % 65_521
    }

    private mutating func storedBlock() throws(Failure) {
        bitBuffer = 0
        bitCount = 0
        guard input.count - position >= 4 else { throw .invalid }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF, input.count - position - 4 >= length else { throw .invalid }
        for byte in input[(position + 4)..<(position + 4 + length)] { try emit(byte) }
        position += 4 + length
    }

    private mutating func codedBlock(literals: HuffmanCode, distances: HuffmanCode) throws(Failure) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                try emit(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < Self.lengthBase.count else { throw .invalid }
            let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
            let code = try decode(distances)
            guard code < Self.distanceBase.count else { throw .invalid }
            let distance = Self.distanceBase[code] + (try bits(Self.distanceExtra[code]))
            guard distance <= produced else { throw .invalid }
            for _ in 0..<length { try emit(window[(produced - distance) & 0x7FFF]) }
        }
    }

    private mutating func dynamicCodes() throws(Failure) -> (HuffmanCode, HuffmanCode) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let lengthCodeCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .invalid }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<lengthCodeCount { codeLengths[Self.codeLengthOrder[index]] = try bits(3) }
        let lengthCode = try HuffmanCode(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw .invalid }
                lengths += repeatElement(previous, count: 3 + (try bits(2)))
            case 17: lengths += repeatElement(0, count: 3 + (try bits(3)))
            default: lengths += repeatElement(0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] != 0 else { throw .invalid }
        return (
            try HuffmanCode(lengths: Array(lengths[..<literalCount])),
            try HuffmanCode(lengths: Array(lengths[literalCount...]))
        )
    }

    /// One symbol, a bit at a time (codes are at most 15 bits), as zlib's `puff` decodes.
    private mutating func decode(_ code: HuffmanCode) throws(Failure) -> Int {
        var (value, first, index) = (0, 0, 0)
        for length in 1...15 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw .invalid
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    private static let fixedLiterals =
        (try? HuffmanCode(
            lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
                + Array(repeating: 8, count: 8))) ?? HuffmanCode.empty
    private static let fixedDistances = (try? HuffmanCode(lengths: Array(repeating: 5, count: 30))) ?? HuffmanCode.empty
}

/// A canonical Huffman code as deflate defines it: how many codes of each length, and the
/// symbols in code order.
struct HuffmanCode {
    let counts: [Int]
    let symbols: [Int]

    static let empty = HuffmanCode(counts: Array(repeating: 0, count: 16), symbols: [])

    private init(counts: [Int], symbols: [Int]) {
        self.counts = counts
        self.symbols = symbols
    }

    /// - Parameter lengths: Each symbol's code length, 0 for none, at most 15.
    /// - Throws: `BoundedInflater.Failure.invalid` when the lengths over-subscribe the code.
    init(lengths: [Int]) throws(BoundedInflater.Failure) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths {
            guard (0...15).contains(length) else { throw .invalid }
            counts[length] += 1
        }
        var left = 1
        for length in 1...15 {
            left = left << 1 - counts[length]
            guard left >= 0 else { throw .invalid }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
        counts[0] = 0
        self.counts = counts
        self.symbols = symbols
    }
}
