import Foundation
import Platform
import Testing

/// A file written in parts holds the parts one after another, as if they had been joined first.
@Suite("Atomic file written in parts")
struct AtomicFilePartsTests {
    @Test("Given three parts, one large and one empty, when written, then the file holds them in order")
    func partsInOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("data")
        let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })

        #expect(AtomicFile.write([Data("head\n".utf8), Data(), large], to: file))

        #expect(try Data(contentsOf: file) == Data("head\n".utf8) + large)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data"])
    }
}
