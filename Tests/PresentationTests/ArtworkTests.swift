import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// The artwork a screen shows: fetched once wanted, one fetch at a time, kept in a small cache.
@MainActor
@Suite("Artwork loading")
struct ArtworkLoaderTests {
    nonisolated private static let first = ArtworkLoader.Request(
        url: url("https://a.example/1/100x100bb.jpg"), pixelSize: 200)
    nonisolated private static let second = ArtworkLoader.Request(
        url: url("https://a.example/2/100x100bb.jpg"), pixelSize: 200)

    nonisolated private static func url(_ text: String) -> URL {
        URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    @Test("Given a picture wanted, when it arrives, then the screen is told and the picture is held under id 1")
    func loads() async {
        let useCase = MockFetchArtworkUseCase { _, _ throws(CatalogError) in .stub(marker: 1) }
        let loader = ArtworkLoader(useCase: useCase, settle: .zero)
        var loads = 0
        loader.onLoad = { loads += 1 }
        #expect(loader.picture(for: Self.first) == nil)
        #expect(loader.picture(for: Self.first) == nil)  // asked again while it comes: no second fetch
        await loader.waitForFetch()
        #expect(loads == 1)
        let picture = loader.picture(for: Self.first)
        #expect(picture?.id == 1)
        #expect(picture?.png == [UInt8](Artwork.stub(marker: 1).png))
        #expect(useCase.requests.map(\.url) == [Self.first.url])
        #expect(useCase.requests.map(\.pixelSize) == [200])
    }

    @Test("Given a fetch under way, when another picture is wanted, then the first is cancelled and never shown")
    func cancelsWhenTheSelectionMoves() async {
        let useCase = MockFetchArtworkUseCase { url, _ throws(CatalogError) in
            if url == Self.first.url {
                try? await Task.sleep(for: .seconds(600))  // ends when cancelled
                if Task.isCancelled { throw .cancelled }
            }
            return .stub(marker: 2)
        }
        let loader = ArtworkLoader(useCase: useCase, settle: .zero)
        _ = loader.picture(for: Self.first)
        _ = loader.picture(for: Self.second)
        await loader.waitForFetch()
        #expect(loader.picture(for: Self.second)?.png == [UInt8](Artwork.stub(marker: 2).png))
        #expect(useCase.requests.map(\.url) == [Self.first.url, Self.second.url])
        // The cancelled one is not held.
        #expect(loader.picture(for: Self.first) == nil)
        loader.cancel()
    }

    @Test("Given nothing wanted (the preview hidden), then a fetch under way is cancelled and nothing is asked")
    func nothingWanted() async {
        let useCase = MockFetchArtworkUseCase { _, _ throws(CatalogError) in
            try? await Task.sleep(for: .seconds(600))
            throw .cancelled
        }
        let loader = ArtworkLoader(useCase: useCase, settle: .seconds(600))
        _ = loader.picture(for: Self.first)
        #expect(loader.picture(for: nil) == nil)
        await loader.waitForFetch()
        // The settle had not passed: the use case was never asked.
        #expect(useCase.requests.isEmpty)
    }

    @Test("Given a fetch that ended cancelled though nobody cancelled it, then the picture is asked for again")
    func spuriousCancelIsNotStuck() async {
        let first = Locked(true)
        let useCase = MockFetchArtworkUseCase { _, _ throws(CatalogError) in
            if first.withLock({ value in
                defer { value = false }
                return value
            }) {
                throw .cancelled
            }
            return .stub(marker: 2)
        }
        let loader = ArtworkLoader(useCase: useCase, settle: .zero)
        let request = ArtworkLoader.Request(url: Self.url("a"), pixelSize: 300)
        #expect(loader.picture(for: request) == nil)
        await loader.waitForFetch()
        #expect(loader.picture(for: request) == nil)  // asked again, not waiting on the ended fetch
        await loader.waitForFetch()
        #expect(loader.picture(for: request) != nil)
        #expect(useCase.requests.count == 2)
    }

    @Test("Given a picture that failed or has no PNG form, then it is not fetched again")
    func failuresAreRemembered() async {
        let useCase = MockFetchArtworkUseCase { url, _ throws(CatalogError) in
            if url == Self.first.url { throw .unreadableResponse(reason: "not a PNG") }
            return nil
        }
        let loader = ArtworkLoader(useCase: useCase, settle: .zero)
        var loads = 0
        loader.onLoad = { loads += 1 }
        _ = loader.picture(for: Self.first)
        await loader.waitForFetch()
        _ = loader.picture(for: Self.second)
        await loader.waitForFetch()
        #expect(loader.picture(for: Self.first) == nil)
        #expect(loader.picture(for: Self.second) == nil)
        #expect(useCase.requests.count == 2)
        #expect(loads == 0)
    }

    @Test("The cache drops the least recently used picture past its count or its bytes")
    func cacheBounds() {
        var cache = ArtworkCache(maximumCount: 2, maximumBytes: 100)
        let requests = (0..<3).map {
            ArtworkLoader.Request(url: Self.url("https://a.example/\($0)"), pixelSize: 100)
        }
        cache.insert(ArtworkPicture(id: 1, png: Array(repeating: 0, count: 10)), for: requests[0])
        cache.insert(ArtworkPicture(id: 2, png: Array(repeating: 0, count: 10)), for: requests[1])
        #expect(cache.picture(for: requests[0])?.id == 1)  // now the most recent
        cache.insert(ArtworkPicture(id: 3, png: Array(repeating: 0, count: 10)), for: requests[2])
        #expect(cache.picture(for: requests[1]) == nil)
        #expect(cache.picture(for: requests[0])?.id == 1)
        cache.insert(ArtworkPicture(id: 4, png: Array(repeating: 0, count: 95)), for: requests[1])
        #expect(cache.count == 1)
        #expect(cache.totalBytes == 95)
        cache.insert(ArtworkPicture(id: 5, png: Array(repeating: 0, count: 101)), for: requests[2])
        #expect(cache.picture(for: requests[2]) == nil)
    }

    @Test("A slot is about square on cells twice as high as wide, at most 40 columns, none below 8")
    func slots() {
        let slot = ArtworkSlot(row: 3, column: 10, availableColumns: 60, availableRows: 30)
        #expect(slot?.columns == 40)
        #expect(slot?.rows == 20)
        #expect(slot?.pixelSize == 400)
        #expect(ArtworkSlot(row: 0, column: 0, availableColumns: 60, availableRows: 6)?.columns == 12)
        #expect(ArtworkSlot(row: 0, column: 0, availableColumns: 7, availableRows: 30) == nil)
        #expect(ArtworkSlot(row: 0, column: 0, availableColumns: 30, availableRows: 3) == nil)
    }
}

/// A frame with the artwork on: the picture below the preview's details, its cells blank, and
/// every line as wide and as aligned as without it.
@MainActor
@Suite("Artwork in frames")
struct ArtworkFrameTests {
    nonisolated private static let artworkURL = URL(string: "https://is1-ssl.mzstatic.com/image/thumb/x/100x100bb.jpg")
    nonisolated private static let videos: [MusicVideo] = (1...30).map {
        .stub(id: $0, title: "Song \($0)", artistName: "Artist \($0 % 4)", artworkURL: artworkURL)
    }

    private func state(selecting row: Int = 0) -> ListState<MusicVideosListItemViewModel> {
        var state = ListState<MusicVideosListItemViewModel>()
        state.setRows(MusicVideosListItemViewModel.items(for: Self.videos), firstNumber: 1)
        state.showsPreview = true
        _ = state.moveSelection(by: row)
        return state
    }

    @Test("Given the preview with room, the slot lies below the details, right of the bar, within the body")
    func slotPlace() throws {
        let (url, slot) = try #require(state().artworkSlot(columns: 120, rows: 30))
        #expect(url == Self.artworkURL)
        let details = MusicVideoDetailsFormatter.rows(for: Self.videos[0]).count
        #expect(slot.row == 1 + details + 1)
        #expect(slot.row + slot.rows <= 30)
        #expect(slot.column + slot.columns < 120)
        #expect(state().artworkSlot(columns: 120, rows: details + 4) == nil)  // too little room
        var hidden = state()
        hidden.showsPreview = false
        #expect(hidden.artworkSlot(columns: 120, rows: 30) == nil)
    }

    @Test(
        "At every size, the lines around the picture keep their widths and the bar its column; the picture's cells are blank",
        arguments: [(110, 24), (120, 30), (140, 40), (200, 60)])
    func aligned(columns: Int, rows: Int) throws {
        for selected in [0, 5, 29] {
            let state = state(selecting: selected)
            var drawn = state
            drawn.scrollToSelection(rows: rows)
            var frame = FullScreenListView.frame(of: drawn, columns: columns, rows: rows)
            let without = frame
            let (_, slot) = try #require(state.artworkSlot(columns: columns, rows: rows))
            let picture = ArtworkPicture(id: 1, png: [UInt8](Artwork.stub().png))
            frame.add(try #require(picture.image(at: slot)))
            #expect(frame.images.count == 1)
            #expect(frame.lines == without.lines)
            let bar = try #require(frame.lines[1].text.firstIndex(of: "│"))
            let barColumn = DisplayWidth.of(String(frame.lines[1].text[..<bar]))
            for row in 1..<rows {
                let line = frame.lines[row]
                #expect(line.width <= columns)
                #expect(line.slice(barColumn..<(barColumn + 1)).text == "│", "row \(row)")
                if slot.row..<(slot.row + slot.rows) ~= row {
                    let cells = line.slice(slot.column..<(slot.column + slot.columns)).text
                    #expect(cells.allSatisfy { $0 == " " }, "row \(row)")
                }
            }
            // What the terminal gets: the text around the picture, none inside its cells.
            let bytes = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .kitty).encode(
                from: nil, to: frame)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.components(separatedBy: "\u{1B}_Ga=T").count == 2)
            #expect(!text.contains("\u{1B}[\(slot.row + 1);\(slot.column + 1)H "))
        }
    }

    @Test("The help box takes the picture off: it would lie over the box")
    func helpHidesPictures() throws {
        var frame = Frame(columns: 40, rows: 12)
        let picture = ArtworkPicture(id: 1, png: [UInt8](Artwork.stub().png))
        let slot = try #require(ArtworkSlot(row: 1, column: 1, availableColumns: 20, availableRows: 10))
        frame.add(try #require(picture.image(at: slot)))
        #expect(frame.images.count == 1)
        frame.removeImages()
        #expect(frame.images.isEmpty)
    }
}
