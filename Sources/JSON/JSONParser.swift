/// A recursive-descent parser over bytes; recursion is bounded by `maximumDepth`.
struct JSONParser {
    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var position = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw failure(.trailingBytes) }
        return value
    }

    private func failure(_ reason: JSONParseError.Reason) -> JSONParseError {
        JSONParseError(reason: reason, offset: position)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func peek() throws(JSONParseError) -> UInt8 {
        guard position < bytes.count else { throw failure(.unexpectedEnd) }
        return bytes[position]
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case let byte: throw failure(.unexpectedByte(byte))
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure(.unexpectedEnd) }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            position += offset
            throw failure(.unexpectedByte(bytes[position]))
        }
        position += count
        return value
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw failure(.tooDeep) }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            case let byte: throw failure(.unexpectedByte(byte))
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw failure(.tooDeep) }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            let keyStart = position
            guard try peek() == UInt8(ascii: "\"") else { throw failure(.unexpectedByte(bytes[position])) }
            let key = try parseString()
            guard !object.contains(key) else {
                throw JSONParseError(reason: .duplicateKey(key), offset: keyStart)
            }
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else { throw failure(.unexpectedByte(bytes[position])) }
            position += 1
            skipWhitespace()
            object[key] = try parseValue(depth: depth)
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(object)
            case let byte: throw failure(.unexpectedByte(byte))
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw failure(.invalidNumber) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw failure(.invalidNumber) }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure(.invalidNumber) }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure(.invalidNumber) }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else {
            position = start
            throw failure(.invalidNumber)
        }
        return .number(number)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    /// The string whose opening quote is at `position`, read by the package's one string decoder.
    private mutating func parseString() throws(JSONParseError) -> String {
        let start = position + 1
        do {
            let (string, end) = try bytes.withUnsafeBufferPointer { buffer throws(JSONStringDecoder.Failure) in
                try JSONStringDecoder.decode(buffer, from: start, invalidUnicode: .rejected)
            }
            position = end
            return string
        } catch {
            let reason: JSONParseError.Reason =
                switch error.reason {
                case .unterminated, .shortUnicodeEscape: .unexpectedEnd
                case .controlCharacter, .invalidEscape, .invalidUnicodeEscape, .loneSurrogate: .invalidString
                case .invalidUTF8: .invalidUTF8
                }
            throw JSONParseError(reason: reason, offset: error.offset)
        }
    }
}
