#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's arguments as the bytes the shell passed. `CommandLine.arguments` turns bytes
/// that are not UTF-8 into U+FFFD, so a term typed in another encoding (`café` in Latin-1) would
/// be searched for, and remembered, as `caf�`: the bytes are checked first.
enum CommandLineArguments {
    /// The arguments after the program name, as bytes.
    static func raw() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
        }
    }

    /// - Parameter arguments: The arguments' bytes.
    /// - Throws: `UsageError` naming the first argument that is not UTF-8, its bytes that are
    ///   not shown as `\xE9`.
    static func checkEncoding(_ arguments: [[UInt8]]) throws(UsageError) {
        for bytes in arguments {
            let (text, isValid) = shown(bytes)
            guard isValid else {
                throw UsageError(
                    "argument \(CommandLineParser.quoted(text)) is not UTF-8 text — type it again with the terminal "
                        + "and LANG set to UTF-8")
            }
        }
    }

    /// The text of `bytes`, with each byte that is not part of a UTF-8 character written `\xNN`.
    private static func shown(_ bytes: [UInt8]) -> (text: String, isValid: Bool) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var scalars = String.UnicodeScalarView()
        var offset = 0
        var isValid = true
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                isValid = false
                for byte in bytes[offset..<offset + length] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    scalars.append(contentsOf: "\\x\(hex.count < 2 ? "0" : "")\(hex)".unicodeScalars)
                }
                offset += length
            case .emptyInput:
                return (String(scalars), isValid)
            }
        }
    }
}
