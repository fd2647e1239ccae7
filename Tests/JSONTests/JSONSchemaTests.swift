import JSON
import XCTest

final class JSONSchemaTests: XCTestCase {
    func testGivenBuildersWhenCombinedThenTheSchemaIsTheExpectedJSON() {
        let schema = JSONSchema.object(
            properties: [
                ("term", JSONSchema.string(description: "What to find", pattern: "^.+$")),
                ("limit", JSONSchema.integer(minimum: 1, maximum: 200, default: 50)),
                ("sort", JSONSchema.string(enum: ["a", "b"], nullable: true)),
                ("ids", JSONSchema.array(items: JSONSchema.integer())),
                ("exact", JSONSchema.boolean(default: false)),
                ("ratio", JSONSchema.number(minimum: 0)),
            ],
            required: ["term"])
        XCTAssertEqual(
            schema.serializedString,
            #"{"type":"object","properties":{"term":{"type":"string","description":"What to find","pattern":"^.+$"},"#
                + #""limit":{"type":"integer","minimum":1,"maximum":200,"default":50},"#
                + #""sort":{"type":["string","null"],"enum":["a","b",null]},"#
                + #""ids":{"type":"array","items":{"type":"integer"}},"exact":{"type":"boolean","default":false},"#
                + #""ratio":{"type":"number","minimum":0.0}},"required":["term"],"additionalProperties":false}"#)
    }
}
