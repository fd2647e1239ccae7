import Foundation

/// Turns the bytes an xterm-compatible terminal sends into keys: UTF-8 text, control keys (CR is
/// Enter; a lone LF is Ctrl-J, but LF after CR or after text in the same read is Enter's or a line break's),
/// CSI and SS3 sequences (arrows, Home/End, PgUp/PgDn, Delete, F1, with or without modifiers),
/// Alt chords, bracketed paste, mouse reports (SGR's `ESC [ < b ; x ; y M`, and the legacy
/// `ESC [ M b x y`; a malformed one is dropped whole), and Esc alone. A lone ESC at the end of
/// what has arrived may be the start of a sequence or a chord: the reader waits a short, bounded
/// time for more (as readline and vim do), then calls `flush()`; Esc typed and then another key
/// after that time are two keys. A paste is bounded too: it ends at its end marker, after
/// `maximumPaste` bytes (what follows is keys again), or when nothing arrives for a moment (the
/// reader waits `isInPaste`'s longer timeout, then calls `flush()`), so a paste start whose end
/// never comes cannot swallow the keys typed after it. A sequence whose parameters have begun
/// (`ESC [ <` of a mouse report, `ESC [ 1 ;` of a key) is no key a person types: its rest may come
/// in a later read, and the reader waits longer for it (`isInSequence`); should it come after the
/// flush all the same, its tail — parameters and the final byte — is dropped, never typed.
public struct KeyDecoder {
    /// The most a paste holds: it ends there, and what follows is read as keys.
    public static let maximumPaste = 64 * 1024
    /// The longest escape sequence taken as one; anything longer is dropped as garbage.
    public static let maximumSequence = 32

    private var pending: [UInt8] = []
    private var paste: [UInt8]?
    /// How many bytes of a flushed sequence's tail may still arrive, to be dropped; 0 when none.
    private var tailToDrop = 0
    /// The final bytes that end that tail: `M`/`m` for a mouse report, a key's for another.
    private var tailFinals: [UInt8] = []
    /// Whether the rest of a sequence longer than `maximumSequence` is being dropped: its
    /// parameters, then the byte that ends it — however the reads cut it, as when it came whole.
    private var isDiscarding = false

    /// Whether bytes wait for the rest of a sequence (read again with a short timeout).
    public var isWaiting: Bool { (!pending.isEmpty || isDiscarding) && paste == nil }

    /// Whether the bytes waiting are a sequence whose parameters have begun (`ESC [ <`, `ESC [ 1`):
    /// sent by the terminal, not typed, so its rest is waited for longer (a slow link may split it).
    public var isInSequence: Bool {
        paste == nil && (isDiscarding || pending.count > 2 && pending[0] == 0x1B && pending[1] == UInt8(ascii: "["))
    }

    /// Whether a paste has started and not ended (read again with a timeout; `flush()` ends it).
    public var isInPaste: Bool { paste != nil }

    public init() {}

    /// - Parameter bytes: What the terminal sent.
    /// - Returns: The keys complete so far.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var previous: UInt8?
        var sawText = false
        while let (key, length) = next() {
            let first = pending.first
            pending.removeFirst(length)
            defer { previous = first }
            guard var key else { continue }
            if key == .control("j") {
                // In raw mode Enter sends CR and Ctrl-J sends LF. An LF right after a CR is the
                // CR LF some terminals send for Enter; one after text that came in the same read is
                // a line break of text pasted without bracketed paste (or piped): Enter. Else Ctrl-J.
                if previous == 0x0D { continue }
                if sawText { key = .enter }
            }
            if case .character = key { sawText = true }
            keys.append(key)
        }
        return keys
    }

    /// Nothing more arrived in time: a lone ESC is the Esc key (twice, Esc twice), ESC and `[`
    /// or `O` is that Alt chord; an unfinished sequence or character is dropped. A paste whose
    /// end marker has not come ends here with what it holds.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        if isDiscarding {
            isDiscarding = false
            tailToDrop = Self.maximumSequence
            tailFinals = Array("MmABCDFHPQRSZ~".utf8)
        } else if isInSequence {
            tailToDrop = Self.maximumSequence
            tailFinals = Array((pending[2] == UInt8(ascii: "<") ? "Mm" : "ABCDFHPQRSZ~").utf8)
        }
        if let kept = paste {
            paste = nil
            return kept.isEmpty ? [] : [.paste(String(decoding: kept, as: UTF8.self))]
        }
        var keys: [Key] = []
        var rest = pending[...]
        if rest.starts(with: [0x1B, 0x1B]) {
            keys.append(.escape)
            rest = rest.dropFirst()
        }
        switch Array(rest) {
        case [0x1B]: keys.append(.escape)
        case [0x1B, UInt8(ascii: "[")]: keys.append(.alt("["))
        case [0x1B, UInt8(ascii: "O")]: keys.append(.alt("O"))
        default: break
        }
        return keys
    }

    /// The key at the start of `pending` and how many bytes it took, or `nil` when more bytes
    /// are needed. A `nil` key with a length drops bytes that mean nothing.
    private mutating func next() -> (Key?, Int)? {
        guard let first = pending.first else { return nil }
        if paste != nil { return nextPasted() }
        if isDiscarding {
            isDiscarding = (0x20...0x3F).contains(first)
            return (nil, 1)  // a parameter, or the byte that ends the sequence
        }
        if tailToDrop > 0 {
            // The rest of a sequence flushed before it came: digits and `;`, then its final byte.
            // Anything else means the rest was lost: keys again from there.
            if (0x30...0x3B).contains(first) {
                tailToDrop -= 1
                return (nil, 1)
            }
            tailToDrop = 0
            if tailFinals.contains(first) { return (nil, 1) }
        }
        switch first {
        case 0x1B: return escapeSequence()
        case 0x0D: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x1C: return (.control("\\"), 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1D...0x1F: return (nil, 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8Character()
        }
    }

    private func utf8Character() -> (Key?, Int)? {
        guard let first = pending.first else { return nil }
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)  // a stray continuation byte, or never valid in UTF-8
        }
        for index in 1..<min(length, pending.count) where pending[index] & 0xC0 != 0x80 {
            return (nil, index)  // cut short by a byte that starts something else
        }
        guard pending.count >= length else { return nil }
        guard let text = String(validating: pending[0..<length], as: UTF8.self),
            let scalar = text.unicodeScalars.first, !TerminalSanitizer.isControl(scalar)
        else { return (nil, length) }
        return (.character(Character(scalar)), length)
    }

    private mutating func escapeSequence() -> (Key?, Int)? {
        guard pending.count >= 2 else { return nil }
        switch pending[1] {
        case 0x1B:
            // Alt and a key that sends a sequence, as urxvt sends Alt-← (ESC ESC [ D): that key, as
            // xterm's modifier form (ESC [ 1 ; 3 D) is; ESC ESC and anything else is Esc, then the rest.
            guard pending.count >= 3 else { return nil }
            guard pending[2] == UInt8(ascii: "[") || pending[2] == UInt8(ascii: "O") else { return (.escape, 1) }
            pending.removeFirst()
            let inner = escapeSequence()
            pending.insert(0x1B, at: 0)
            guard let (key, length) = inner else { return nil }
            return (key, length + 1)
        case UInt8(ascii: "["): return controlSequence()
        case UInt8(ascii: "O"):
            guard pending.count >= 3 else { return nil }
            return (Self.finalKey(pending[2]), 3)
        case 0x7F, 0x08: return (.altBackspace, 2)
        case 0x20...0x7E: return (.alt(Character(Unicode.Scalar(pending[1]))), 2)
        default:
            // ESC and a control key or a non-ASCII character: Esc, then that key.
            return (.escape, 1)
        }
    }

    /// `ESC [` parameters, intermediates, final byte.
    private mutating func controlSequence() -> (Key?, Int)? {
        if pending.count > 2, pending[2] == UInt8(ascii: "M") { return legacyMouseReport() }
        var index = 2
        while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
        guard index < pending.count else {
            guard pending.count > Self.maximumSequence else { return nil }
            isDiscarding = true  // its end, when it comes, is dropped with it
            return (nil, pending.count)
        }
        let final = pending[index]
        let length = index + 1
        // Longer than the limit is garbage even when its end came in the same read: cut by a read,
        // it is dropped (`isDiscarding`), and the reads must not decide.
        guard (0x40...0x7E).contains(final), length <= Self.maximumSequence else { return (nil, length) }
        let parameters = String(decoding: pending[2..<index], as: UTF8.self)
        if parameters.hasPrefix("<") { return (Self.mouseReport(parameters.dropFirst(), final: final), length) }
        if final == UInt8(ascii: "~") {
            switch parameters.split(separator: ";").first ?? "" {
            case "1", "7": return (.home, length)
            case "4", "8": return (.end, length)
            case "3": return (.delete, length)
            case "5": return (.pageUp, length)
            case "6": return (.pageDown, length)
            case "11": return (.f1, length)
            case "200":
                paste = []
                return (nil, length)
            default: return (nil, length)
            }
        }
        return (Self.finalKey(final), length)
    }

    /// The most digits a mouse report's number has (a column or row of 65535 is 5).
    private static let maximumMouseDigits = 5

    /// An SGR mouse report, `ESC [ < b ; x ; y` then `M` (pressed) or `m` (released), from its
    /// parameters after `<`; `nil` (dropped) unless it is exactly three short decimal numbers.
    private static func mouseReport(_ parameters: Substring, final: UInt8) -> Key? {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard (1...maximumMouseDigits).contains(field.utf8.count),
                field.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(field)
            else { return nil }
            numbers.append(number)
        }
        return MouseEvent(code: numbers[0], column: numbers[1], row: numbers[2], isRelease: final == UInt8(ascii: "m"))
            .map(Key.mouse)
    }

    /// A legacy (X10) mouse report, `ESC [ M` and three bytes — the button code, the column and the
    /// row, each plus 32 — which a terminal may send when it does not know the SGR form: taken
    /// whole, so its bytes are never typed as text. A release (it does not say which button) is
    /// dropped.
    private func legacyMouseReport() -> (Key?, Int)? {
        guard pending.count >= 6 else { return nil }
        let (code, column, row) = (Int(pending[3]) - 32, Int(pending[4]) - 32, Int(pending[5]) - 32)
        return (MouseEvent(code: code, column: column, row: row, isRelease: false).map(Key.mouse), 6)
    }

    private static func finalKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .f1
        case UInt8(ascii: "Z"): .backTab
        default: nil
        }
    }

    /// Inside a bracketed paste: everything up to `ESC [ 201 ~` is text, up to `maximumPaste`
    /// bytes, where the paste ends.
    private mutating func nextPasted() -> (Key?, Int)? {
        let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        let room = Self.maximumPaste - (paste?.count ?? 0)
        var index = 0
        while index < pending.count, index < room {
            if pending[index] == 0x1B {
                let available = pending[index..<min(pending.count, index + end.count)]
                if available.elementsEqual(end.prefix(available.count)) {
                    guard available.count == end.count else { break }  // the end may be arriving
                    keep(pending[0..<index])
                    return (endPaste(), index + end.count)
                }
            }
            index += 1
        }
        keep(pending[0..<index])
        if index >= room { return (endPaste(), index) }  // full: what follows is keys again
        guard index > 0 else { return nil }
        return (nil, index)
    }

    private mutating func endPaste() -> Key {
        defer { paste = nil }
        return .paste(String(decoding: paste ?? [], as: UTF8.self))
    }

    private mutating func keep(_ bytes: ArraySlice<UInt8>) {
        guard var kept = paste else { return }
        paste = nil  // one reference to the buffer: appended to in place
        kept.append(contentsOf: bytes.prefix(max(0, Self.maximumPaste - kept.count)))
        paste = kept
    }
}
