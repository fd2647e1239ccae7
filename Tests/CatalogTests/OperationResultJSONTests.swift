import Catalog
import Domain
import Foundation
import JSON
import Mocks
import XCTest

final class OperationResultJSONTests: XCTestCase {
    /// Rows with every kind of value: escapes, a line separator, nulls, a price, both flags.
    private let result = OperationResult(
        rows: [
            .stub(id: 1, title: "Quote \" and \\ and\ttab\u{2028}", price: Decimal(string: "1.29")),
            .stub(
                id: 2, title: "Café", artistName: nil, artistID: nil, releaseDate: nil, duration: nil,
                explicitness: .explicit, price: nil),
            .stub(id: 3, explicitness: .unknown, price: Decimal(string: "-0.5")),
        ].map(CatalogRow.init),
        schema: .videos)

    func testGivenRowsWhenWrittenAsTextThenTheBytesAreThoseOfTheSerializedObject() {
        XCTAssertEqual(
            String(decoding: result.jsonText, as: UTF8.self),
            JSONValue.object(result.jsonObject).serializedString)
    }

    func testGivenSelectedFieldsWithARepeatWhenWrittenAsTextThenTheBytesAreThoseOfTheSerializedObject() throws {
        let selected = try result.selecting(["title", "price", "id", "title", "explicit"])
        let text = String(decoding: selected.jsonText, as: UTF8.self)
        XCTAssertEqual(text, JSONValue.object(selected.jsonObject).serializedString)
        XCTAssertTrue(text.hasPrefix(#"{"videos":[{"title":"#), text)
    }

    func testGivenNoRowsWhenWrittenAsTextThenTheListIsEmpty() {
        let empty = OperationResult(rows: [], schema: .videos)
        XCTAssertEqual(String(decoding: empty.jsonText, as: UTF8.self), #"{"videos":[]}"#)
    }
}
