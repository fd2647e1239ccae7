/// Writes a JSON text piece by piece, for an answer built from many values that need not
/// become a `JSONValue` tree first: the same bytes `JSONValue.serialized()` writes for the same
/// structure (compact, members in the order written, the same escapes and numbers).
///
/// Commas are placed by the builder; the caller opens and closes objects and arrays and, in an
/// object, writes each member's key before its value. Writing out of that order gives a text
/// that is not JSON (it is the caller's structure that is written, never checked).
public struct JSONTextBuilder {
    private var writer = JSONWriter()
    /// Whether the innermost open object or array already has an element (so the next needs a
    /// comma); empty at the top level.
    private var hasElement: [Bool] = []
    /// Whether a key was just written, so the value that follows it needs no comma.
    private var afterKey = false

    /// An empty text.
    /// - Parameter capacity: Bytes to reserve.
    public init(reservingCapacity capacity: Int = 0) {
        writer.output.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var bytes: [UInt8] { writer.output }

    /// Opens an object (`{`).
    public mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Closes the innermost object (`}`).
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array (`[`).
    public mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Closes the innermost array (`]`).
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes an element's opening bracket; the elements that follow are the new container's.
    private mutating func open(_ bracket: UInt8) {
        separate()
        writer.output.append(bracket)
        hasElement.append(false)
    }

    /// Writes the innermost container's closing bracket; what follows is its parent's again.
    private mutating func close(_ bracket: UInt8) {
        _ = hasElement.popLast()
        writer.output.append(bracket)
    }

    /// Writes a member's name (`"key":`); its value comes next.
    /// - Parameter key: The name, escaped as any string.
    public mutating func key(_ key: String) {
        separate()
        writer.writeString(key)
        writer.output.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A member's name written once, for names written again and again (each row's keys).
    public struct Key: Sendable {
        fileprivate let text: [UInt8]

        /// - Parameter name: The name, escaped as any string.
        public init(_ name: String) {
            var writer = JSONWriter()
            writer.writeString(name)
            writer.output.append(UInt8(ascii: ":"))
            text = writer.output
        }
    }

    /// Writes a member's name written before (`"key":`); its value comes next.
    /// - Parameter key: The name.
    public mutating func key(_ key: Key) {
        separate()
        writer.output.append(contentsOf: key.text)
        afterKey = true
    }

    /// Writes a value: an element of the open array, the value of the key just written, or the
    /// whole text.
    /// - Parameter value: Any value; objects and arrays are written whole.
    public mutating func value(_ value: JSONValue) {
        separate()
        writer.write(value)
    }

    /// A comma before the next element of the open object or array, unless it is the first or
    /// a key's value.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = hasElement.indices.last else { return }
        if hasElement[last] { writer.output.append(UInt8(ascii: ",")) }
        hasElement[last] = true
    }
}
