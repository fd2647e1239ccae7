// Combine exists only on Apple platforms. There the package re-exports it; elsewhere the
// files in this folder provide the subset the view models use, with the same names and
// semantics, so code written against one compiles against the other.
#if canImport(Combine)
    @_exported import Combine
#endif
