import Foundation

extension PseudoTerminal {
    /// Starts `mvsearch` as a person at a terminal starts `mvsearch --pick … > file`: in a session
    /// of its own whose controlling terminal is the pseudo-terminal (so `/dev/tty` is it), stdin on
    /// the terminal, stdout into `output` (a file, or `/dev/full`).
    /// - Parameters:
    ///   - arguments: After the program's name.
    ///   - output: Where standard output goes.
    static func picker(
        _ arguments: [String], environment: [String: String], output: String, columns: UInt16 = 100,
        rows: UInt16 = 30
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            ["python3", "-c", newSession, "terminal", output, MVSearchProcess.executableURL.path] + arguments,
            environment: environment, columns: columns, rows: rows, executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// Runs `mvsearch` in a session of its own with no controlling terminal at all (as from cron,
    /// or `setsid`), stdin and stderr pipes.
    static func runWithoutTerminal(_ arguments: [String], environment: [String: String]) async throws
        -> MVSearchProcess.Result
    {
        try await MVSearchProcess.run(
            ["python3", "-c", newSession, "none", "/dev/stdout", MVSearchProcess.executableURL.path] + arguments,
            environment: environment, executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// A new session (a child when this is a group leader, which cannot start one), the terminal
    /// on stdin made its controlling terminal when the first argument is `terminal`, stdout
    /// redirected to the second (`closed-pipe`: a pipe whose reader has gone), then the program.
    static let newSession = """
        import os, sys, fcntl, termios
        if os.getpid() == os.getpgrp():
            child = os.fork()
            if child:
                sys.exit(os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]))
        os.setsid()
        if sys.argv[1] == "terminal":
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        if sys.argv[2] == "closed-pipe":
            reader, writer = os.pipe()
            os.close(reader)
            os.dup2(writer, 1)
            os.close(writer)
        elif sys.argv[2] != "/dev/stdout":
            out = os.open(sys.argv[2], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(out, 1)
            os.close(out)
        os.execv(sys.argv[3], sys.argv[3:])
        """
}
