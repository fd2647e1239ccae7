/// Where a pattern matched a candidate, and how well.
public struct FuzzyMatch: Equatable, Sendable {
    /// Higher is better: matched characters, more for runs and word starts, less for gaps.
    public let score: Int
    /// For each field of the candidate, the offsets of its matched characters, ascending.
    public let positions: [[Int]]
    /// The candidate's length in characters: the shorter wins a tie.
    public let length: Int

    /// Whether this match goes before `other` (better score, then shorter), all else equal.
    public func ranks(before other: FuzzyMatch) -> Bool {
        score != other.score ? score > other.score : length < other.length
    }
}

/// A filter typed as in fzf: each word of the pattern must appear in the candidate in order,
/// not necessarily together (`brd` is in "Are You Bored Yet?"), case- and accent-insensitively
/// (`beyonce` is in "Beyoncé"; see `TextFolding`). Each word is placed where it scores best, as
/// fzf's algorithm does: a match scores for each character, more at the start of a word and in a
/// run, less across a gap.
public struct FuzzyPattern: Equatable, Sendable {
    /// The words, folded.
    let terms: [[Unicode.Scalar]]

    /// - Parameter text: What was typed; words are separated by spaces.
    public init(_ text: String) {
        terms = text.split(separator: " ").map { Array(TextFolding.fold(String($0)).unicodeScalars) }
            .filter { !$0.isEmpty }
    }

    /// Whether it matches everything (nothing but spaces was typed).
    public var isEmpty: Bool { terms.isEmpty }

    /// - Parameter candidate: One text.
    /// - Returns: The match, or `nil` when a word does not appear.
    public func match(_ candidate: String) -> FuzzyMatch? {
        match(fields: [candidate])
    }

    /// Matches text made of several fields (a title and a name) as if joined by spaces, so that
    /// a word may match in any of them.
    /// - Parameter fields: The texts.
    /// - Returns: The match, with positions per field; `nil` when a word does not appear.
    public func match(fields: [String]) -> FuzzyMatch? {
        let text = FoldedText(fields: fields)
        var score = 0
        var matched = Set<Int>()
        for term in terms {
            guard let found = text.bestMatch(of: term) else { return nil }
            score += found.score
            matched.formUnion(found.characters)
        }
        var positions = Array(repeating: [Int](), count: fields.count)
        for character in matched.sorted() {
            let field = text.fieldOf(character)
            positions[field].append(character - text.fieldStarts[field])
        }
        return FuzzyMatch(score: score, positions: positions, length: text.characterCount)
    }

    /// The candidates that match, best first (then shorter, then in their order).
    /// - Parameter candidates: Each candidate's fields.
    /// - Returns: Indices into `candidates` with their matches.
    public func rank(_ candidates: [[String]]) -> [(index: Int, match: FuzzyMatch)] {
        var found: [(index: Int, match: FuzzyMatch)] = []
        for (index, fields) in candidates.enumerated() {
            if let match = match(fields: fields) { found.append((index, match)) }
        }
        found.sort { $0.match.ranks(before: $1.match) || ($0.match == $1.match && $0.index < $1.index) }
        return found
    }
}

/// A candidate folded for matching: its scalars folded, which character each came from, and the
/// bonus a match earns at each (fzf's: word starts score more than the middle of a word).
struct FoldedText {
    static let scoreMatch = 16
    static let gapStart = -3
    static let gapExtension = -1
    static let bonusAfterSpace = 10
    static let bonusAfterDelimiter = 9
    static let bonusBoundary = 8
    static let bonusCamelCase = 7
    static let bonusConsecutive = 4
    static let firstCharacterMultiplier = 2

    var units: [Unicode.Scalar] = []
    /// For each unit, the offset of the character it came from, counted across fields.
    var owners: [Int] = []
    var bonuses: [Int] = []
    /// The offset of each field's first character; fields are one space apart.
    var fieldStarts: [Int] = []
    var characterCount = 0

    init(fields: [String]) {
        var previous = CharacterClass.space
        for field in fields {
            if !fieldStarts.isEmpty {
                characterCount += 1  // the space between fields: never matched, a word boundary
                previous = .space
            }
            fieldStarts.append(characterCount)
            units.reserveCapacity(units.count + field.utf8.count)
            if field.utf8.allSatisfy({ $0 < 0x80 }) {
                // ASCII (most titles): a character is a byte; no grapheme breaking, no table.
                for byte in field.utf8 {
                    let current = CharacterClass(Unicode.Scalar(byte))
                    units.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
                    owners.append(characterCount)
                    bonuses.append(Self.bonus(after: previous, at: current))
                    previous = current
                    characterCount += 1
                }
                continue
            }
            for character in field {
                let scalars = character.unicodeScalars
                guard let first = scalars.first else { continue }
                let current = CharacterClass(first)
                var bonus = Self.bonus(after: previous, at: current)
                for scalar in scalars {
                    TextFolding.forEachFolded(scalar) { folded in
                        units.append(folded)
                        owners.append(characterCount)
                        bonuses.append(bonus)
                        bonus = 0
                    }
                }
                previous = current
                characterCount += 1
            }
        }
    }

    func fieldOf(_ character: Int) -> Int {
        (fieldStarts.lastIndex { $0 <= character }) ?? 0
    }

    private static func bonus(after previous: CharacterClass, at current: CharacterClass) -> Int {
        switch (previous, current) {
        case (_, .space): bonusAfterSpace
        case (.space, _): bonusAfterSpace
        case (.delimiter, _): bonusAfterDelimiter
        case (.other, _): bonusBoundary
        case (.lower, .upper), (.lower, .digit), (.upper, .digit): bonusCamelCase
        case (_, .delimiter), (_, .other): bonusBoundary
        default: 0
        }
    }

    /// The best placement of `term`: its score and the characters it matched, or `nil`.
    ///
    /// Dynamic programming over (term position, text position), as fzf's second algorithm:
    /// `best[i][j]` is the best score with the term's `i`th scalar matched at unit `j`, reached
    /// either from `j - 1` (a run, which keeps the bonus of the run's start) or across a gap.
    func bestMatch(of term: [Unicode.Scalar]) -> (score: Int, characters: [Int])? {
        let n = term.count
        let m = units.count
        guard n > 0, n <= m, isSubsequence(term) else { return nil }
        let unreachable = Int.min / 4
        var best = [Int](repeating: unreachable, count: n * m)
        var runBonus = [Int](repeating: 0, count: n * m)
        var from = [Int](repeating: -1, count: n * m)
        for j in 0..<m where units[j] == term[0] {
            best[j] = Self.scoreMatch + bonuses[j] * Self.firstCharacterMultiplier
            runBonus[j] = bonuses[j]
        }
        if n > 1 {
            for i in 1..<n {
                let row = i * m
                let above = (i - 1) * m
                var gapScore = unreachable
                var gapFrom = -1
                for j in i..<m {
                    // Across a gap: from any k <= j - 2, one unit of gap costing more to open.
                    if j >= 2 {
                        gapScore = gapScore == unreachable ? unreachable : gapScore + Self.gapExtension
                        let opened = best[above + j - 2]
                        if opened != unreachable, opened + Self.gapStart > gapScore {
                            gapScore = opened + Self.gapStart
                            gapFrom = j - 2
                        }
                    }
                    guard units[j] == term[i] else { continue }
                    let adjacent = best[above + j - 1]
                    if adjacent != unreachable {
                        let bonus = max(bonuses[j], runBonus[above + j - 1], Self.bonusConsecutive)
                        best[row + j] = adjacent + Self.scoreMatch + bonus
                        runBonus[row + j] = max(runBonus[above + j - 1], bonuses[j])
                        from[row + j] = j - 1
                    }
                    if gapScore != unreachable, gapScore + Self.scoreMatch + bonuses[j] > best[row + j] {
                        best[row + j] = gapScore + Self.scoreMatch + bonuses[j]
                        runBonus[row + j] = bonuses[j]
                        from[row + j] = gapFrom
                    }
                }
            }
        }
        let last = (n - 1) * m
        var end = -1
        for j in 0..<m where best[last + j] != unreachable && (end < 0 || best[last + j] > best[last + end]) {
            end = j
        }
        guard end >= 0 else { return nil }
        var characters: [Int] = []
        var j = end
        for i in stride(from: n - 1, through: 0, by: -1) {
            characters.append(owners[j])
            j = from[i * m + j]
            if j < 0 { break }
        }
        return (best[last + end], characters.reversed())
    }

    private func isSubsequence(_ term: [Unicode.Scalar]) -> Bool {
        var next = 0
        for unit in units where next < term.count && unit == term[next] { next += 1 }
        return next == term.count
    }
}

/// What a character is, for word boundaries: the class of its first scalar.
private enum CharacterClass {
    case space, delimiter, lower, upper, digit, letter, other

    init(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x61...0x7A: self = .lower
        case 0x41...0x5A: self = .upper
        case 0x30...0x39: self = .digit
        case 0x20, 0x09...0x0D: self = .space
        case 0x21...0x7E:
            // / , : ; | - _ . ' " ( ) [ ] & +
            self = "/,:;|-_.'\"()[]&+".utf8.contains(UInt8(scalar.value)) ? .delimiter : .other
        default:
            let properties = scalar.properties
            if properties.isWhitespace {
                self = .space
            } else if properties.isUppercase {
                self = .upper
            } else if properties.isLowercase {
                self = .lower
            } else if properties.isAlphabetic {
                self = .letter
            } else if properties.numericType != nil {
                self = .digit
            } else {
                self = .other
            }
        }
    }
}
