import Networking
import Testing

@Suite("Form URL encoding follows the iTunes term rules")
struct FormURLEncodingTests {
    @Test("Given a term full of reserved characters, when encoded, then only letters, digits and . - _ * stay literal")
    func encodesEveryReservedCharacter() {
        let encoded = FormURLEncoding.encode("Florence + the Machine & AC/DC #1 100% é 한글")
        #expect(encoded == "Florence+%2B+the+Machine+%26+AC%2FDC+%231+100%25+%C3%A9+%ED%95%9C%EA%B8%80")
    }

    @Test("Unreserved characters pass through unchanged")
    func keepsUnreserved() {
        #expect(FormURLEncoding.encode("AZaz09.-_*") == "AZaz09.-_*")
    }

    @Test("A space becomes + and a literal + becomes %2B, so the two stay distinct")
    func distinguishesSpaceFromPlus() {
        #expect(FormURLEncoding.encode("a b") == "a+b")
        #expect(FormURLEncoding.encode("a+b") == "a%2Bb")
    }

    @Test("Query items keep their order and encode names and values")
    func encodesItemsInOrder() {
        let query = FormURLEncoding.encode([
            QueryItem(name: "term", value: "=&?"),
            QueryItem(name: "a b", value: ""),
        ])
        #expect(query == "term=%3D%26%3F&a+b=")
    }
}
