import Foundation
import Testing

/// Another process that holds a file's lock: a python3 child that takes it with `flock`, says
/// so on its output and keeps it until it is killed (or 120 s pass). For the tests of what waits
/// on a lock shared between processes (the rate ledger, the request budget).
/// - Parameter path: The file to lock; it must exist.
/// - Returns: The child, once it holds the lock (or has ended: the expectation fails then). Its
///   start is awaited off the cooperative pool: python3 takes seconds to start on a loaded machine.
public func holdLock(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Process {
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script =
        "import fcntl,sys,time\nf=open(sys.argv[1],'r+')\nfcntl.flock(f,fcntl.LOCK_EX)\n"
        + "print('locked',flush=True)\ntime.sleep(120)\n"
    holder.arguments = ["python3", "-c", script, path]
    let output = Pipe()
    holder.standardOutput = output
    try holder.run()
    // Until the child has the lock (a line) or ends (end of file).
    let reading = output.fileHandleForReading
    let said = await offPool { String(decoding: reading.availableData, as: UTF8.self) }
    #expect(said.hasPrefix("locked"), sourceLocation: sourceLocation)
    return holder
}
