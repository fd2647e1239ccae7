import Foundation

/// `application/x-www-form-urlencoded` serialisation (WHATWG URL §5.2): letters, digits and
/// `* - . _` stay as they are, a space becomes `+`, and every other byte of the UTF-8 form is
/// percent-encoded. So a literal `+` travels as `%2B` and `&` as `%26`.
public enum FormURLEncoding {
    /// Encodes one name or value.
    /// - Parameter text: The text to encode.
    /// - Returns: The encoded text, ASCII only.
    public static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else if byte == UInt8(ascii: " ") {
                bytes.append(UInt8(ascii: "+"))
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes query items as `name=value&name=value`, in order.
    /// - Parameter items: The items to encode.
    /// - Returns: The query, without a leading `?`.
    public static func encode(_ items: [QueryItem]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
