/// What output cut short leaves open in a terminal, and the bytes that close it: a write that gives
/// up on a stalled terminal may stop anywhere — inside a UTF-8 character, a control sequence, an
/// OSC 8 link or a kitty picture's chunk — and whatever is written next (the next frame, the
/// restoring sequence) would be read as the rest of it. A terminal that keeps a string open until
/// `ESC \` would swallow it; kitty would wait for the rest of a picture for ever.
enum CutOutput {
    private enum Mode {
        case ground
        /// After ESC.
        case escape
        /// `ESC [` and its parameters.
        case controlSequence
        /// `ESC ]`, `ESC _`, `ESC P` … up to `ESC \` (or BEL for OSC); `afterEscape` once its ESC came.
        case string(introducer: UInt8, afterEscape: Bool)
        /// A UTF-8 character's lead byte and its continuation bytes so far.
        case character(lead: UInt8, missing: Int, seen: Int)
    }

    private static let escape: UInt8 = 0x1B
    private static let stringTerminator: [UInt8] = [0x1B, 0x5C]
    /// Cancels a control sequence in progress (ECMA-48 CAN): nothing is done.
    private static let cancel: UInt8 = 0x18
    private static let linkEnd = Array("\u{1B}]8;;\u{1B}\\".utf8)
    /// The last chunk of a kitty transmission, empty: the picture then ends (and is no picture).
    private static let transmissionEnd = Array("\u{1B}_Gm=0,q=2;\u{1B}\\".utf8)

    /// The bytes that close what `written` — the part of a well-formed output that was written
    /// before it was cut — leaves open, so that what follows is read as itself.
    /// - Parameter written: The bytes the terminal took.
    /// - Returns: Nothing when nothing is open.
    static func terminator(after written: some Collection<UInt8>) -> [UInt8] {
        var mode = Mode.ground
        var linkIsOpen = false
        var transmissionIsOpen = false
        var string: [UInt8] = []
        for byte in written {
            switch mode {
            case .ground:
                if byte == escape {
                    mode = .escape
                } else if let missing = continuationCount(lead: byte) {
                    mode = .character(lead: byte, missing: missing, seen: 0)
                }
            case .escape:
                mode = after(escapeAnd: byte)
                string = []
            case .controlSequence:
                if (0x40...0x7E).contains(byte) || byte == cancel || byte == 0x1A { mode = .ground }
            case .string(let introducer, let afterEscape):
                if afterEscape || byte == 0x07 {
                    // ST (ESC \), BEL, or ESC and the start of something else: the string is complete.
                    note(string, of: introducer, isComplete: true, link: &linkIsOpen, transmission: &transmissionIsOpen)
                    mode = afterEscape && byte != 0x5C ? after(escapeAnd: byte) : .ground
                    string = []
                } else if byte == escape {
                    mode = .string(introducer: introducer, afterEscape: true)
                } else if string.count < 128 {
                    string.append(byte)  // enough to tell an OSC 8 or a kitty chunk's keys
                }
            case .character(let lead, let missing, let seen):
                if byte & 0xC0 != 0x80 {
                    mode = byte == escape ? .escape : .ground  // not well formed: start afresh
                } else {
                    mode = seen + 1 == missing ? .ground : .character(lead: lead, missing: missing, seen: seen + 1)
                }
            }
        }
        var closing: [UInt8] = []
        switch mode {
        case .ground:
            break
        case .escape, .controlSequence:
            closing = [cancel]
        case .string(let introducer, let afterEscape):
            closing = afterEscape ? [0x5C] : stringTerminator
            // Closed cut short, the string still counts: a link to a cut URL, a chunk that may say
            // more follow.
            note(string, of: introducer, isComplete: false, link: &linkIsOpen, transmission: &transmissionIsOpen)
        case .character(let lead, let missing, let seen):
            closing = completion(lead: lead, missing: missing, seen: seen)
        }
        if linkIsOpen { closing += linkEnd }
        if transmissionIsOpen { closing += transmissionEnd }
        return closing
    }

    /// What comes of ESC and `byte`.
    private static func after(escapeAnd byte: UInt8) -> Mode {
        switch byte {
        case UInt8(ascii: "["): .controlSequence
        case UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            .string(introducer: byte, afterEscape: false)
        case escape: .escape
        default: .ground
        }
    }

    /// A string ended (or cut and closed): an OSC 8 opens a link (with a URL; any cut one may have
    /// opened one) or closes it (without); a kitty chunk says whether more of its picture follows
    /// (`m=1`); cut in its keys, one already open is taken to stay open.
    private static func note(
        _ string: [UInt8], of introducer: UInt8, isComplete: Bool, link: inout Bool, transmission: inout Bool
    ) {
        if introducer == UInt8(ascii: "]"), string.starts(with: Array("8;".utf8)) {
            let parameters = string.dropFirst(2)
            let uri = parameters.firstIndex(of: UInt8(ascii: ";")).map { parameters[($0 + 1)...] } ?? []
            link = !uri.isEmpty || !isComplete
        } else if introducer == UInt8(ascii: "_"), string.first == UInt8(ascii: "G") {
            let keys = string.dropFirst().prefix { $0 != UInt8(ascii: ";") }
            let more = keys.split(separator: UInt8(ascii: ",")).contains { Array($0) == Array("m=1".utf8) }
            // Cut in its keys: a transmission open stays open, to be ended for sure.
            let keysAreCut = !isComplete && !string.contains(UInt8(ascii: ";"))
            transmission = more || (keysAreCut && transmission)
        }
    }

    /// How many continuation bytes follow a UTF-8 lead byte; `nil` for a byte that leads nothing.
    private static func continuationCount(lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: 1
        case 0xE0...0xEF: 2
        case 0xF0...0xF4: 3
        default: nil
        }
    }

    /// The continuation bytes that make a cut character a valid one (whatever it then shows, the
    /// next frame, drawn whole, writes over it): never an overlong form, a surrogate or past U+10FFFF.
    private static func completion(lead: UInt8, missing: Int, seen: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for position in seen..<missing {
            if position == 0 {
                switch lead {
                case 0xE0: bytes.append(0xA0)
                case 0xF0: bytes.append(0x90)
                default: bytes.append(0x80)
                }
            } else {
                bytes.append(0x80)
            }
        }
        return bytes
    }
}
