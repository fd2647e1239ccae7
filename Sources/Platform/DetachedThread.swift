#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A thread of its own for work that blocks — a `poll` on a transfer's sockets, a `read` of the
/// terminal — so that it never holds one of the cooperative pool's few threads.
///
/// Foundation's `Thread` does the same, but on Linux any use of it links the whole of
/// swift-corelibs-foundation into a static binary (CoreFoundation and ICU's data): three times
/// the size, and about 5 MiB more memory in every run.
public enum DetachedThread {
    /// Starts `body` on a new detached thread.
    /// - Parameter body: The work; the thread ends when it returns.
    /// - Returns: `false` when the system could not start a thread; `body` is then not run.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?  // a pointer on Darwin and musl
        #endif
        let started = pthread_create(
            &thread, &attributes,
            { context in
                guard let context = pointer(context) else { return nil }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, work)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        return true
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// The thread's argument, whichever optionality the platform's `pthread_create` gives it.
private func pointer(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? { context }
