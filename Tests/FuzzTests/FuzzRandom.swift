/// The fuzzer's only source of chance: xoshiro256** seeded through SplitMix64, so that a seed, a
/// target and an iteration number always make the same input, on every machine.
struct FuzzRandom: RandomNumberGenerator {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// - Parameter seed: Any number; the same number makes the same sequence.
    init(seed: UInt64) {
        var mix = seed
        func next() -> UInt64 {
            mix &+= 0x9E37_79B9_7F4A_7C15
            var z = mix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    /// The generator of one iteration of one target: independent of every other iteration, so
    /// that one input is made again from its three numbers alone.
    init(seed: UInt64, target: String, iteration: Int) {
        // FNV-1a of the name: stable across runs and platforms (unlike `hashValue`).
        var name: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in target.utf8 { name = (name ^ UInt64(byte)) &* 0x100_0000_01B3 }
        self.init(seed: seed ^ name ^ (UInt64(truncatingIfNeeded: iteration) &* 0xD6E8_FEB8_6659_FD93))
    }

    mutating func next() -> UInt64 {
        func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { (value << count) | (value >> (64 - count)) }
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<max(bound, 1), using: &self) }

    /// True once in `odds` times.
    mutating func oneIn(_ odds: Int) -> Bool { below(odds) == 0 }

    /// One element of a non-empty array.
    mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
}
