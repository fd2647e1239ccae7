#if canImport(Glibc)
    import Glibc
#endif

/// How many heaps the C library's allocator keeps.
public enum MallocArenas {
    /// Makes every thread allocate from one heap.
    ///
    /// glibc gives each thread that allocates while another holds the main heap an arena of its
    /// own, up to eight per core. A program whose threads take turns (one waits in `poll` while
    /// another decodes) gains nothing from them and pays for each one's touched pages: about
    /// 0.2 MiB of peak memory in a run that fetches and decodes one answer. Call it first in
    /// `main`, before a second thread exists. Does nothing where the allocator is not glibc's.
    /// - Returns: Whether the allocator took the setting.
    @discardableResult
    public static func useOne() -> Bool {
        #if canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which the Glibc module does not bring in.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let arenaMaximum: Int32 = -8  // M_ARENA_MAX
            guard let symbol = dlsym(nil, "mallopt") else { return false }
            return unsafeBitCast(symbol, to: Mallopt.self)(arenaMaximum, 1) == 1
        #else
            return false
        #endif
    }
}
