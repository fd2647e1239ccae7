import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

/// Seeded, deterministic fuzzing of both JSON decoders with mutations of the recorded answers:
/// truncation, byte flips, deep nesting, huge numbers and odd Unicode. Every case must end in a
/// value or a typed error — never a crash, never a hang.
@Suite("Decoder fuzz")
struct DecoderFuzzTests {
    /// The DTO read through `JSONDecoder` (via `Decodable`), not its `JSONReader` fast path.
    private struct ThroughJSONDecoder: Decodable {
        let response: MusicVideosResponseDTO

        init(from decoder: any Decoder) throws {
            response = try MusicVideosResponseDTO(from: decoder)
        }
    }

    private static let fixtures = [
        "search-musicvideo-clairo", "search-musicvideo-sabotage-2011", "search-song-sick-love",
        "lookup-artists-amg-2011", "row-musicvideo-ai-otsuka-missing-fields",
    ]

    private static let oddText: [[UInt8]] = [
        Array("\\ud800".utf8), Array("\\udc00\\ud800".utf8), Array("\\u0000".utf8), Array("\\uZZZZ".utf8),
        [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xE2, 0x80, 0xAE], [0x1B, 0x5B, 0x32, 0x4A], [0x00], [0xC3], Array("\u{1F1FA}\u{1F1F8}\u{200D}".utf8),
        Array("\\".utf8), Array("\"".utf8),
    ]

    private static let hugeNumbers = [
        "1e99999", "-1e99999", String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1",
        "18446744073709551616", "-9223372036854775809", "1E+", "--1", "1.2.3", "-", "1e-99999", "9e15",
    ]

    /// One mutation of `data`, chosen and placed by the generator.
    private static func mutate(_ data: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = data
        let position = { (random: inout SeededGenerator) in Int.random(in: 0...bytes.count, using: &random) }
        switch Int.random(in: 0..<7, using: &random) {
        case 0:  // truncation
            bytes.removeLast(Int.random(in: 1...max(1, bytes.count), using: &random))
        case 1:  // byte flips
            for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 2:  // deep nesting, closed or not
            let depth = [10, 127, 128, 129, 1000, 200_000][Int.random(in: 0..<6, using: &random)]
            let isArray = Bool.random(using: &random)
            var nest = Array(String(repeating: isArray ? "[" : #"{"a":"#, count: depth).utf8)
            if Bool.random(using: &random) { nest += Array(String(repeating: isArray ? "]" : "}", count: depth).utf8) }
            bytes.insert(contentsOf: nest, at: position(&random))
        case 3:  // a number replaced by a huge or broken one
            let number = Array(hugeNumbers[Int.random(in: 0..<hugeNumbers.count, using: &random)].utf8)
            if let at = firstIndex(in: bytes, from: position(&random), where: { $0 >= 0x30 && $0 <= 0x39 }) {
                var end = at
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                bytes.replaceSubrange(at..<end, with: number)
            } else {
                bytes.insert(contentsOf: number, at: position(&random))
            }
        case 4:  // odd Unicode, escaped or raw, anywhere (inside strings most of the time)
            let start = position(&random)
            let at = firstIndex(in: bytes, from: start, where: { $0 == UInt8(ascii: "\"") }).map { $0 + 1 } ?? start
            bytes.insert(
                contentsOf: oddText[Int.random(in: 0..<oddText.count, using: &random)], at: min(at, bytes.count))
        case 5:  // a slice duplicated: repeated keys, runaway structure
            guard !bytes.isEmpty else { break }
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = Int.random(in: start...min(bytes.count, start + 400), using: &random)
            bytes.insert(contentsOf: bytes[start..<end], at: position(&random))
        default:  // several of the above
            for _ in 0..<3 { bytes = mutate(bytes, using: &random) }
        }
        return bytes
    }

    /// The first index at or after `start` whose byte matches, if any.
    private static func firstIndex(in bytes: [UInt8], from start: Int, where matches: (UInt8) -> Bool) -> Int? {
        var index = start
        while index < bytes.count {
            if matches(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    @Test("Given 3 000 seeded mutations of the recorded answers, both decoders give a value or a typed error")
    func mutatedAnswers() async throws {
        var random = SeededGenerator(seed: 0x6D76_7365_6172_6368)
        let originals = try Self.fixtures.map { Array(try Fixture.data($0)) }
        let decoder = JSONResponseDecoder()
        var outcomes = (values: 0, errors: 0)
        for _ in 0..<3_000 {
            let original = originals[Int.random(in: 0..<originals.count, using: &random)]
            let body = Data(Self.mutate(original, using: &random))
            for path in 0..<2 {
                do {
                    if path == 0 {
                        _ = try decoder.decode(body, as: MusicVideosResponseDTO.self)
                    } else {
                        _ = try decoder.decode(body, as: ThroughJSONDecoder.self)
                    }
                    outcomes.values += 1
                } catch is DecodingError {
                    outcomes.errors += 1
                } catch {
                    Issue.record("an untyped error \(type(of: error)) for \(body.prefix(80))")
                }
            }
            // CPU-bound: let the other tests of the process have the thread pool now and then.
            await Task.yield()
            // And the whole way to entities, through the repository's error mapping.
            let repository = DefaultMusicVideosRepository(
                dataTransferService: DefaultDataTransferService(networkService: MockNetworkService.answering(body)))
            do {
                _ = try await repository.searchMusicVideos(query: MusicVideoQuery(term: "x"))
            } catch {
                #expect(Self.isReadingFailure(error), "\(error)")
            }
        }
        // Both kinds of outcome occur, so the mutations neither all break nor all spare the answers.
        #expect(outcomes.values > 300)
        #expect(outcomes.errors > 300)
    }

    private static func isReadingFailure(_ error: CatalogError) -> Bool {
        if case .unreadableResponse = error { return true }
        return false
    }
}
