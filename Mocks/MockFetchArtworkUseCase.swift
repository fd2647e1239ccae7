import Domain
import Foundation

/// An artwork use case that answers from a closure and records every request.
public final class MockFetchArtworkUseCase: FetchArtworkUseCase, Sendable {
    public typealias Handler = @Sendable (URL, Int) async throws(CatalogError) -> Artwork?

    private let handler: Handler?
    private let recorded = Locked<[(url: URL, pixelSize: Int)]>([])

    /// - Parameter handler: Answers `execute`; `nil` fails the test if it is called.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    /// Every request, in order.
    public var requests: [(url: URL, pixelSize: Int)] { recorded.value }

    public func execute(url: URL, pixelSize: Int) async throws(CatalogError) -> Artwork? {
        recorded.withLock { $0.append((url, pixelSize)) }
        guard let handler else {
            reportUnimplemented("MockFetchArtworkUseCase.execute(url:pixelSize:)")
            throw .cancelled
        }
        return try await handler(url, pixelSize)
    }
}

extension Artwork {
    /// A PNG file of a few bytes: the signature, an IHDR chunk of `size`×`size`, and `marker`, so two
    /// stubs differ.
    public static func stub(size: Int = 4, marker: UInt8 = 0) -> Artwork {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        png += Array("IHDR".utf8)
        png += withUnsafeBytes(of: UInt32(size).bigEndian, Array.init)
        png += withUnsafeBytes(of: UInt32(size).bigEndian, Array.init)
        png += [8, 2, 0, 0, 0, 0, 0, 0, 0, marker]
        png += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]  // the file's end
        return Artwork(png: Data(png), pixelWidth: size, pixelHeight: size)
    }
}
