import Catalog
import XCTest

final class OperationRegistryTests: XCTestCase {
    func testGivenTheStandardRegistryThenEveryOperationIsThere() {
        XCTAssertEqual(
            OperationRegistry.standard.operations.map(\.name),
            ["search", "lookup", "artists", "artist-videos", "top", "history", "genres", "also"])
    }
}
