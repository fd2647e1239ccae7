// In-process cost of one answer: decode + map (the real repository over the real data transfer
// service, fed from memory) and render (table, plain, JSON). Usage: mvsearch-benchmark BODY [N]
import Data
import Domain
import Foundation
import Networking
import Presentation
import Reactive

/// Answers every request with the same body, as a network service that took no time would.
struct MemoryNetworkService: NetworkService {
    let body: Data

    func request(_ endpoint: any Requestable) async throws(NetworkError) -> NetworkResponse {
        NetworkResponse(statusCode: 200, body: body)
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let body = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: mvsearch-benchmark BODY [ITERATIONS]\n".utf8))
    exit(64)
}
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let repository = DefaultMusicVideosRepository(
    dataTransferService: DefaultDataTransferService(networkService: MemoryNetworkService(body: body)))
let query = MusicVideoQuery(term: "x", limit: 200)

func measure(_ name: String, _ operation: () async throws -> Int) async rethrows {
    var sink = 0
    for _ in 0..<max(1, iterations / 10) { sink &+= try await operation() }  // warm up
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { sink &+= try await operation() }
    let perOperation = (clock.now - start) / iterations
    let microseconds =
        Double(perOperation.components.attoseconds) / 1e12 + Double(perOperation.components.seconds) * 1e6
    print("\(name)\t\(String(format: "%.1f", microseconds)) µs\t(\(sink % 10))")
}

let page = try await repository.searchMusicVideos(query: query)
let items = MusicVideosListItemViewModel.items(for: page.videos)
print("videos\t\(page.videos.count)")
try await measure("decode+map") { try await repository.searchMusicVideos(query: query).videos.count }
await measure("items") { MusicVideosListItemViewModel.items(for: page.videos).count }
await measure("render json") { MusicVideosJSONRenderer().render(items).utf8.count }
await measure("render plain") { MusicVideosPlainRenderer().render(items).utf8.count }
await measure("render table") { MusicVideosTableRenderer(width: 100).render(items).utf8.count }
try await measure("all (json)") {
    let videos = try await repository.searchMusicVideos(query: query).videos
    return MusicVideosJSONRenderer().render(MusicVideosListItemViewModel.items(for: videos)).utf8.count
}
try await measure("all (table)") {
    let videos = try await repository.searchMusicVideos(query: query).videos
    return MusicVideosTableRenderer(width: 100).render(MusicVideosListItemViewModel.items(for: videos)).utf8.count
}
