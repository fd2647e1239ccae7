import Foundation
import Platform
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process entry point.
@main
enum MVSearch {
    @MainActor
    static func main() async {
        // First: no signal sent before its handler is in place may be lost (InterruptionHandler).
        InterruptionHandler.holdSignals()
        // Before a second thread starts: threads here take turns, and each arena would cost pages.
        MallocArenas.useOne()
        // Before anything opens a file: a closed stdout must not be reused for one.
        let closedDescriptors = StandardDescriptors.openClosedOnes()
        // A closed pipe must end output quietly, not kill the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let console = Console.standard(environment: environment, closedDescriptors: closedDescriptors)
        let requests = RequestScope(progress: console.showWaitDetail)
        let application = Application(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: environment,
            console: console,
            requests: requests
        )
        // Parsed once. Help and the version only print: they need no signal handling, whose
        // dispatch sources start threads, nor anything else a search needs.
        let command: Command
        do {
            try CommandLineArguments.checkEncoding(CommandLineArguments.raw())
            command = try CommandLineParser.parse(application.arguments)
        } catch {
            exit(application.checked(application.fail(error)).rawValue)
        }
        switch command {
        case .help, .version: exit(application.checked(await application.run(command)).rawValue)
        case .search(let options) where options.frontEnd == .serve:
            // The server stops on SIGTERM, SIGINT and SIGHUP by itself, after what is in flight;
            // `_exit` for the reason below (its connection threads may still be ending).
            _exit(application.checked(await application.run(command)).rawValue)
        case .search: break
        }
        // The handlers before the run: a signal must never find the terminal in raw mode unhandled.
        let interruption = InterruptionHandler(console: console, requests: requests)
        let run = Task { application.checked(await application.run(command)) }
        interruption.cancels { run.cancel() }
        let status = await run.value
        // `_exit`, not `exit`: other threads may still run (a signal's handler, the network
        // engine, a cancelled artwork fetch), and `exit` would tear down the C libraries' state
        // under them (OpenSSL's exit handler among it). Everything was written with write(2):
        // nothing is left in a buffer to flush. A preview playing ends with the session.
        SupervisedProcess.endAll()
        _exit((interruption.status ?? status).rawValue)
    }
}
