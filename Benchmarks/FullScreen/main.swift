// In-process cost of one key in the full-screen results screen with 200 rows loaded: the key
// handled by the view, the frame drawn (body, status line) and diffed against the last one into
// the bytes for the terminal — what the session does per key, minus the write(2) itself. Also
// the bytes written for moving the selection by one row, and the cost of a key typed into the
// filter (every row matched and ranked). Then the same with the preview and its artwork on (the
// kitty protocol, a 64 KB PNG per row's artwork, fetched from memory): each key's CPU time and
// text bytes, and apart from them the picture's bytes, sent when the picture arrives and only when
// it changes. Usage: mvsearch-fullscreen-benchmark BODY [N]
import Data
import Domain
import Foundation
import Networking
import Presentation
import Reactive
import TerminalUI

/// Answers every request with the same body, as a network service that took no time would.
struct MemoryNetworkService: NetworkService {
    let body: Data

    func request(_ endpoint: any Requestable) async throws(NetworkError) -> NetworkResponse {
        NetworkResponse(statusCode: 200, body: body)
    }
}

/// Answers every artwork with the same 64 KB PNG, as an image server that took no time would.
struct MemoryArtworkRepository: ArtworkRepository {
    static let png: Data = {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + [0, 0, 1, 144, 0, 0, 1, 144, 8, 2, 0, 0, 0]
        var seed: UInt32 = 1
        while bytes.count < 64 * 1024 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(truncatingIfNeeded: seed >> 24))
        }
        return Data(bytes)
    }()

    func artwork(at url: URL, pixelSize: Int) async throws(CatalogError) -> Artwork? {
        Artwork(png: Self.png, pixelWidth: 400, pixelHeight: 400)
    }
}

/// The bytes of kitty graphics commands (`ESC _ G … ESC \`) in `bytes`.
func pictureBytes(in bytes: [UInt8]) -> Int {
    var total = 0
    var index = 0
    while index + 2 < bytes.count {
        if bytes[index] == 0x1B, bytes[index + 1] == 0x5F, bytes[index + 2] == 0x47 {
            var end = index + 3
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == 0x5C) { end += 1 }
            total += end + 2 - index
            index = end + 2
        } else {
            index += 1
        }
    }
    return total
}

/// Counts redraw requests, as the session's coalescing does.
@MainActor
final class CountingHost: FullScreenHost {
    var redraws = 0
    func setNeedsDisplay() { redraws += 1 }
    func report(_ message: String) {}
    func perform(_ work: @escaping @MainActor () async -> Void) { Task { await work() } }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let body = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: mvsearch-fullscreen-benchmark BODY [SWEEPS]\n".utf8))
    exit(64)
}
let sweeps = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20

/// The results' list over `viewModel`, drawing artwork with `artwork`.
@MainActor
func makeView(_ viewModel: DefaultMusicVideosListViewModel, artwork: ArtworkLoader?)
    -> FullScreenListView<MusicVideosListItemViewModel>
{
    let source = ListDataSource(videos: viewModel, hints: PlainHintPhrasing())
    return FullScreenListView(viewModel: ListScreenViewModel(source: source, title: "x", artwork: artwork))
}

@MainActor
func run() async {
    let repository = DefaultMusicVideosRepository(
        dataTransferService: DefaultDataTransferService(networkService: MemoryNetworkService(body: body)))
    let viewModel = DefaultMusicVideosListViewModel(
        searchUseCase: DefaultSearchMusicVideosUseCase(repository: repository),
        artistVideosUseCase: DefaultFetchArtistMusicVideosUseCase(repository: repository),
        keepsLoadedPages: true)
    let view = makeView(viewModel, artwork: nil)
    let host = CountingHost()
    view.host = host
    await viewModel.didSearch(query: MusicVideoQuery(term: "x", limit: 200))
    print("rows\t\(view.state.rows.count)")

    for (columns, rows) in [(100, 40), (120, 40)] {
        let encoder = FrameEncoder(usesColor: true, usesHyperlinks: true)
        func frame() -> Frame {
            FullScreenChrome.frame(for: view, columns: columns, rows: rows, content: FullScreenChrome.Content())
        }
        var shown = frame()
        _ = view.keyInput.handle(.home)
        shown = frame()
        // One sweep: ↓ through all 200 rows (scrolling from row 39 on), then ↑ back to the top.
        let keys = Array(repeating: Key.down, count: 199) + Array(repeating: Key.up, count: 199)
        var durations: [Duration] = []
        var cpuTimes: [Double] = []
        var bytesInView: [Int] = []
        var bytesScrolling: [Int] = []
        var sink = 0
        let clock = ContinuousClock()
        for sweep in 0..<(sweeps + 1) {
            for key in keys {
                let topBefore = view.state.top
                let start = clock.now
                let cpuStart = threadCPUMicroseconds()
                _ = view.keyInput.handle(key)
                let next = frame()
                let bytes = encoder.encode(from: shown, to: next)
                let elapsed = clock.now - start
                let cpu = threadCPUMicroseconds() - cpuStart
                shown = next
                sink &+= bytes.count
                guard sweep > 0 else { continue }  // the first sweep warms up
                durations.append(elapsed)
                cpuTimes.append(cpu)
                if view.state.top == topBefore {
                    bytesInView.append(bytes.count)
                } else {
                    bytesScrolling.append(bytes.count)
                }
            }
        }
        durations.sort()
        cpuTimes.sort()
        func microseconds(_ duration: Duration) -> Double {
            Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
        }
        let mean = durations.reduce(Duration.zero, +) / durations.count
        let median = durations[durations.count / 2]
        let p99 = durations[durations.count * 99 / 100]
        print(
            "\(columns)x\(rows)\tkey+frame median \(String(format: "%.1f", microseconds(median))) µs\tmean "
                + "\(String(format: "%.1f", microseconds(mean))) µs\tp99 "
                + "\(String(format: "%.1f", microseconds(p99))) µs\tmax \(String(format: "%.1f", microseconds(durations.last ?? .zero))) µs"
                + "\t(\(durations.count) keys, \(sink % 10))")
        print(
            "\(columns)x\(rows)\tkey+frame CPU time of the thread: median "
                + "\(String(format: "%.1f", cpuTimes[cpuTimes.count / 2])) µs\tmean "
                + "\(String(format: "%.1f", cpuTimes.reduce(0, +) / Double(cpuTimes.count))) µs")
        func describe(_ sizes: [Int]) -> String {
            guard !sizes.isEmpty else { return "none" }
            return "mean \(sizes.reduce(0, +) / sizes.count) B, max \(sizes.max() ?? 0) B (\(sizes.count) moves)"
        }
        print("\(columns)x\(rows)\tbytes per one-row move, selection inside the view\t\(describe(bytesInView))")
        print("\(columns)x\(rows)\tbytes per one-row move, the list scrolling\t\(describe(bytesScrolling))")

        // The filter: "/", then "clairo bags" typed and erased a key at a time, each key matching
        // every one of the 200 rows (fzf's scoring, best first, highlighted) and drawing the frame.
        let query = "clairo bags"
        let filterKeys =
            query.map { Key.character($0) } + Array(repeating: Key.backspace, count: query.count)
        var filterCPU: [Double] = []
        var filterBytes: [Int] = []
        for sweep in 0..<(sweeps + 1) {
            _ = view.keyInput.handle(.character("/"))
            shown = frame()
            for key in filterKeys {
                let cpuStart = threadCPUMicroseconds()
                _ = view.keyInput.handle(key)
                let next = frame()
                let bytes = encoder.encode(from: shown, to: next)
                let cpu = threadCPUMicroseconds() - cpuStart
                shown = next
                guard sweep > 0 else { continue }
                filterCPU.append(cpu)
                filterBytes.append(bytes.count)
            }
            _ = view.keyInput.handle(.escape)
            shown = frame()
        }
        filterCPU.sort()
        print(
            "\(columns)x\(rows)\tfilter key (type or erase) + frame CPU time: median "
                + "\(String(format: "%.1f", filterCPU[filterCPU.count / 2])) µs\tmean "
                + "\(String(format: "%.1f", filterCPU.reduce(0, +) / Double(filterCPU.count))) µs\tp99 "
                + "\(String(format: "%.1f", filterCPU[filterCPU.count * 99 / 100])) µs\t"
                + "bytes mean \(filterBytes.reduce(0, +) / max(1, filterBytes.count)) B (\(filterCPU.count) keys)")
    }
    await runWithArtwork(viewModel: viewModel, host: host, sweeps: sweeps)
}

/// ↓ through the rows and ↑ back with the preview and its artwork shown: each key's CPU time
/// and text bytes, then the picture arriving (not timed: it comes from another task) and its bytes.
@MainActor
func runWithArtwork(viewModel: DefaultMusicVideosListViewModel, host: CountingHost, sweeps: Int) async {
    let loader = ArtworkLoader(
        useCase: DefaultFetchArtworkUseCase(repository: MemoryArtworkRepository()), settle: .zero)
    for (columns, rows, withArtwork) in [(120, 40, false), (120, 40, true), (160, 50, false), (160, 50, true)] {
        let view = makeView(viewModel, artwork: withArtwork ? loader : nil)
        view.host = host
        let mode = withArtwork ? "artwork on" : "preview, no artwork"
        let encoder = FrameEncoder(usesColor: true, usesHyperlinks: true, graphics: .kitty)
        func frame() -> Frame {
            FullScreenChrome.frame(for: view, columns: columns, rows: rows, content: FullScreenChrome.Content())
        }
        _ = view.keyInput.handle(.home)
        if !view.state.isPreviewShown(columns: columns) { _ = view.keyInput.handle(.character("v")) }
        var shown = frame()
        let keys = Array(repeating: Key.down, count: 199) + Array(repeating: Key.up, count: 199)
        var cpuTimes: [Double] = []
        var textBytes: [Int] = []
        var pictureSends: [Int] = []
        var keysWithPicture = 0
        for sweep in 0..<(sweeps + 1) {
            for key in keys {
                let cpuStart = threadCPUMicroseconds()
                _ = view.keyInput.handle(key)
                let next = frame()
                let bytes = encoder.encode(from: shown, to: next)
                let cpu = threadCPUMicroseconds() - cpuStart
                shown = next
                await loader.waitForFetch()
                let arrived = frame()
                let more = encoder.encode(from: shown, to: arrived)
                shown = arrived
                guard sweep > 0 else { continue }
                cpuTimes.append(cpu)
                let pictures = pictureBytes(in: bytes) + pictureBytes(in: more)
                textBytes.append(bytes.count + more.count - pictures)
                if pictures > 0 { pictureSends.append(pictures) }
                if !arrived.images.isEmpty { keysWithPicture += 1 }
            }
        }
        cpuTimes.sort()
        textBytes.sort()
        print(
            "\(columns)x\(rows)\t\(mode): key+frame CPU time median "
                + "\(String(format: "%.1f", cpuTimes[cpuTimes.count / 2])) µs\tmean "
                + "\(String(format: "%.1f", cpuTimes.reduce(0, +) / Double(cpuTimes.count))) µs\tp99 "
                + "\(String(format: "%.1f", cpuTimes[cpuTimes.count * 99 / 100])) µs")
        print(
            "\(columns)x\(rows)\t\(mode): text bytes per one-row move mean "
                + "\(textBytes.reduce(0, +) / textBytes.count) B, max \(textBytes.last ?? 0) B\t"
                + "picture bytes per change mean \(pictureSends.reduce(0, +) / max(1, pictureSends.count)) B "
                + "(\(pictureSends.count) sends in \(textBytes.count) moves, a picture shown after \(keysWithPicture))")
        // An unchanged frame with the picture on sends nothing.
        print(
            "\(columns)x\(rows)\t\(mode): bytes for an unchanged frame \(encoder.encode(from: shown, to: frame()).count) B"
        )
    }
}

/// CPU time this thread has used, in microseconds: unlike the wall clock, not inflated when a
/// busy machine runs other work in between.
func threadCPUMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

await run()
