import Foundation
import XCTest

@testable import App

/// What the long fuzz runs found, kept as tests of their own (the key decoder's are with its
/// tests, in TerminalUITests' MouseDecodingTests).
final class FuzzRegressionTests: XCTestCase {
    /// Seed 20261127, iteration 36780: a settings file's rate of 5,000 bytes was echoed whole in
    /// the one line of its error.
    func testGivenALongBadRateInTheSettingsFileWhenReadThenItsMessageEchoesAnExcerpt() throws {
        let value = "off" + String(repeating: "# ind", count: 1000)
        let file = Data("colour = on\nrate = \(value)\n".utf8)
        XCTAssertThrowsError(try SettingsFile(parsing: file)) { error in
            guard let error = error as? SettingsFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 2)
            XCTAssertLessThan(error.message.utf8.count, 300, error.message)
            XCTAssertTrue(error.message.contains("off# ind# ind# ind"), error.message)
        }
        XCTAssertEqual(try SettingsFileFuzzTests.check(Array(file)), "line-error")
    }
}
