import Domain
import Mocks
import Presentation
import Testing

@MainActor
@Suite("The list view writes what its view model emits")
struct MusicVideosListViewTests {
    private func run(
        _ handler: @escaping MockSearchMusicVideosUseCase.Handler
    ) async -> (output: CapturingOutput, diagnostics: CapturingOutput, indicator: RecordingActivityIndicator) {
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: MockSearchMusicVideosUseCase(handler: handler),
            artistVideosUseCase: MockFetchArtistMusicVideosUseCase())
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let indicator = RecordingActivityIndicator()
        let view = ListView(
            items: viewModel.items, status: viewModel, renderer: MusicVideosPlainRenderer(), output: output,
            diagnostics: diagnostics,
            diagnosticPrefix: "mvsearch: ", activityIndicator: indicator)
        await viewModel.didSearch(query: MusicVideoQuery(term: "x"))
        withExtendedLifetime(view) {}
        return (output, diagnostics, indicator)
    }

    @Test("Results are written in one piece; the spinner starts and stops around the request")
    func results() async {
        let (output, diagnostics, indicator) = await run { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: [.stub(id: 1), .stub(id: 2)], rowCount: 2)
        }
        #expect(output.chunks.count == 1)
        #expect(output.text.split(separator: "\n").count == 2)
        #expect(diagnostics.text.isEmpty)
        #expect(indicator.events == [.stop, .start("Searching"), .stop])
    }

    @Test("An error is one prefixed line on diagnostics and nothing on output")
    func error() async {
        let (output, diagnostics, _) = await run { _ throws(CatalogError) in
            throw .rejectedQuery(message: "Invalid value(s) for key(s): [country]")
        }
        #expect(output.text.isEmpty)
        #expect(
            diagnostics.text
                == "mvsearch: the iTunes service rejected the query: Invalid value(s) for key(s): [country] — check the search options\n"
        )
    }

    @Test("No results is one line on diagnostics naming the term, nothing on output")
    func empty() async {
        let (output, diagnostics, _) = await run { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: [], rowCount: 0)
        }
        #expect(output.text.isEmpty)
        #expect(diagnostics.text.hasPrefix("mvsearch: no music videos found for \"x\""))
        #expect(diagnostics.text.filter { $0 == "\n" }.count == 1)
    }

    @Test("Every error message is one line with what happened and what to do")
    func messages() {
        let errors: [CatalogError] = [
            .offline, .serviceUnreachable, .serviceUnavailable(statusCode: 502), .timedOut, .rateLimited(retryAfter: 3),
            .rejectedQuery(message: "m\u{1B}[2J"), .unreadableResponse(reason: "r"), .invalidQuery(.emptyTerm),
            .invalidQuery(.invalidCountry("usa")), .invalidQuery(.limitOutOfRange(0, 1...200)),
        ]
        for error in errors {
            let text = CatalogErrorMessage.message(for: error).text(phrasing: PlainHintPhrasing())
            #expect(text.contains(" — "), "\(error)")
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 }, "\(error)")
        }
        #expect(
            CatalogErrorMessage.message(for: .rateLimited(retryAfter: nil)).text(phrasing: PlainHintPhrasing())
                == "the iTunes service limits clients to about 20 requests a minute and refused this one — "
                + "wait a minute and try again")
    }

    @Test("Given a hint, the phrasing the view is given words it: the domain's words by default, its own when injected")
    func hintsArePhrasedByTheInjectedPhrasing() async {
        struct Shouting: HintPhrasing {
            func advice(for hint: RecoveryHint) -> String { "HINT \(hint)" }
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: MockSearchMusicVideosUseCase { _ throws(CatalogError) in throw .timedOut },
            artistVideosUseCase: MockFetchArtistMusicVideosUseCase())
        let plain = CapturingOutput()
        let shouting = CapturingOutput()
        let views = [
            ListView(
                items: viewModel.items, status: viewModel, renderer: MusicVideosPlainRenderer(),
                output: CapturingOutput(),
                diagnostics: plain),
            ListView(
                items: viewModel.items, status: viewModel, renderer: MusicVideosPlainRenderer(),
                output: CapturingOutput(),
                diagnostics: shouting, hintPhrasing: Shouting()),
        ]
        await viewModel.didSearch(query: MusicVideoQuery(term: "x"))
        withExtendedLifetime(views) {}
        #expect(plain.text == "the iTunes service did not answer in time — try again, or allow a longer timeout\n")
        #expect(shouting.text == "the iTunes service did not answer in time — HINT allowMoreTime\n")
    }
}
