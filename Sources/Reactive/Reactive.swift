// # Reactive
//
// Combine's subjects, wherever Swift runs. Combine exists only on Apple platforms: there this
// module re-exports it; elsewhere the files beside this one provide the subset a view model
// needs — `CurrentValueSubject`, `PassthroughSubject`, `AnyPublisher`, `sink`, `AnyCancellable`,
// `store(in:)` — with the same names and semantics (a new subscriber of a current-value subject
// gets its value first, nothing is delivered after completion or cancellation, sending from
// inside a subscriber does not deadlock, safe from any thread), so code written against one
// compiles against the other. Its tests are `Tests/ReactiveTests`; they pass unchanged against
// Apple's Combine.
#if canImport(Combine)
    @_exported import Combine
#endif
