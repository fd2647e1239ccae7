import Foundation
import Presentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a file descriptor with `write(2)`, whole text at once. When the reader has gone
/// (`EPIPE`, e.g. `mvsearch … | head -1`) it stops quietly: the rest is not wanted.
final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    private let fileDescriptor: Int32
    private let lock = NSLock()
    private var isClosed = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func write(_ text: String) {
        lock.withLock {
            guard !isClosed else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { buffer in
                    #if canImport(Glibc)
                        Glibc.write(fileDescriptor, buffer.baseAddress, buffer.count)
                    #else
                        Darwin.write(fileDescriptor, buffer.baseAddress, buffer.count)
                    #endif
                }
                if written > 0 {
                    bytes = bytes.dropFirst(written)
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    isClosed = true
                    return
                }
            }
        }
    }
}
