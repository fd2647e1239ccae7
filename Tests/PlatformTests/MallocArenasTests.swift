import Platform
import Testing

@Suite("One heap for every thread")
struct MallocArenasTests {
    @Test("glibc's allocator takes the setting (mallopt found and M_ARENA_MAX accepted)")
    func takesTheSetting() {
        #if canImport(Glibc)
            #expect(MallocArenas.useOne())
        #else
            #expect(!MallocArenas.useOne())
        #endif
    }
}
