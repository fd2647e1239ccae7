import Platform

#if os(Linux)
    import Foundation
    import Synchronization

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// The one multi handle every request of the process goes through, driven by one thread of its
    /// own: the connections it keeps open (its connection cache), the host names it has looked up
    /// (its DNS cache) and, through a share handle, the TLS sessions it has made serve every later
    /// request. A session's pages, details and artist lists then share one connection and one TLS
    /// handshake instead of paying for a new pair each.
    ///
    /// Only the engine's thread touches the multi, share and easy handles, so no lock guards them
    /// (libcurl's handles are not thread-safe, and its connection cache may not be shared between
    /// threads at all); callers hand transfers over, and ask for one to be dropped, through a queue
    /// and `curl_multi_wakeup`, the one multi call that is safe from another thread. The engine,
    /// and so its thread, starts with the first request: a run answered from the cache makes none.
    ///
    /// A connection that died while it waited in the cache is libcurl's to replace: it checks an
    /// idle connection before reusing it, and when a reused one ends without a byte of answer it
    /// sends the request again once on a fresh connection (libcurl's "Connection died, retrying a
    /// fresh connect"), so the caller sees one successful request and no retry.
    final class CurlEngine: @unchecked Sendable {  // its handles are touched by its own thread only
        /// The engine, made with libcurl by the first request; or why it could not be.
        static let shared: Result<CurlEngine, NetworkError> = LibCurl.shared.flatMap(make)

        let curl: LibCurl
        private let multi: LibCurl.Handle
        /// The TLS session cache (and DNS cache) every easy handle joins, unless it asks for a
        /// connection of its own.
        let share: LibCurl.Handle
        private let queue = Mutex(Queue())

        private struct Queue {
            /// Transfers handed over and not yet started by the engine's thread.
            var arriving: [CurlTransfer] = []
            /// Transfers whose callers gave up.
            var leaving: [CurlTransfer] = []
            var isRunning = false
        }

        private static func make(curl: LibCurl) -> Result<CurlEngine, NetworkError> {
            guard let multi = curl.multiInit(), let share = curl.shareInit() else {
                return .failure(.other("libcurl could not start"))
            }
            _ = curl.shareSetLong(share, CurlShareOption.share, CurlShareOption.sslSession)
            _ = curl.shareSetLong(share, CurlShareOption.share, CurlShareOption.dns)
            return .success(CurlEngine(curl: curl, multi: multi, share: share))
        }

        private init(curl: LibCurl, multi: LibCurl.Handle, share: LibCurl.Handle) {
            self.curl = curl
            self.multi = multi
            self.share = share
        }

        /// Hands a transfer to the engine's thread, starting the thread with the first one.
        func submit(_ transfer: CurlTransfer) {
            let startsThread = queue.withLock { queue in
                queue.arriving.append(transfer)
                defer { queue.isRunning = true }
                return !queue.isRunning
            }
            guard startsThread else {
                _ = curl.multiWakeup(multi)
                return
            }
            guard DetachedThread.start({ self.run() }) else {
                let stranded = queue.withLock { queue in
                    defer {
                        queue.arriving = []
                        queue.isRunning = false
                    }
                    return queue.arriving
                }
                let failure = NetworkError.other("no thread could be started")
                for transfer in stranded { transfer.complete(.failure(failure)) }
                return
            }
        }

        /// Drops a transfer whose caller gave up: its connection is closed, and it ends with
        /// `CancellationError`.
        func cancel(_ transfer: CurlTransfer) {
            queue.withLock { $0.leaving.append(transfer) }
            _ = curl.multiWakeup(multi)
        }

        /// The engine's thread: starts what arrived, drops what left, lets libcurl work, hands
        /// finished transfers back, and waits in `poll` for the sockets or a wake-up.
        private func run() {
            // A thread that lives as long as the process must not take its signals: a session's
            // SIGCONT or SIGWINCH delivered here (rather than read by its dispatch sources, which
            // need it blocked everywhere) would be lost. libcurl needs none (CURLOPT_NOSIGNAL).
            var signals = sigset_t()
            sigfillset(&signals)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            var hops: [LibCurl.Handle: CurlTransfer] = [:]
            while true {
                let (arriving, leaving) = queue.withLock { queue in
                    defer {
                        queue.arriving = []
                        queue.leaving = []
                    }
                    return (queue.arriving, queue.leaving)
                }
                for transfer in arriving { start(transfer.begin(), of: transfer, in: &hops) }
                for transfer in leaving {
                    if let easy = hops.first(where: { $0.value === transfer })?.key {
                        _ = curl.multiRemove(multi, easy)
                        curl.easyCleanup(easy)
                        hops[easy] = nil
                    }
                    transfer.complete(.failure(CancellationError()))
                }
                var running: Int32 = 0
                guard curl.multiPerform(multi, &running) == 0 else {
                    return stop(failing: &hops, "libcurl failed mid-transfer")
                }
                finishHops(in: &hops)
                var ready: Int32 = 0
                // Bounded even when idle; libcurl shortens the wait for its own timers.
                let milliseconds: Int32 = hops.isEmpty ? 60_000 : 1000
                guard curl.multiPoll(multi, nil, 0, milliseconds, &ready) == 0 else {
                    return stop(failing: &hops, "libcurl could not wait for the network")
                }
            }
        }

        /// Adds a transfer's next exchange to the multi handle, or hands back its end.
        private func start(
            _ hop: CurlTransfer.Hop, of transfer: CurlTransfer, in hops: inout [LibCurl.Handle: CurlTransfer]
        ) {
            switch hop {
            case .exchange(let easy):
                guard curl.multiAdd(multi, easy) == 0 else {
                    curl.easyCleanup(easy)
                    return transfer.complete(.failure(NetworkError.other("libcurl could not start the transfer")))
                }
                hops[easy] = transfer
            case .finished(let result):
                transfer.complete(result)
            }
        }

        /// Reads what libcurl says has finished; a redirect goes on as a new exchange.
        private func finishHops(in hops: inout [LibCurl.Handle: CurlTransfer]) {
            var queued: Int32 = 0
            while let message = curl.multiInfoRead(multi, &queued) {
                // struct CURLMsg { CURLMSG msg; CURL *easy_handle; union { void *; CURLcode result; } data; }
                let done: Int32 = 1  // CURLMSG_DONE
                guard message.load(as: Int32.self) == done,
                    let easy = message.load(fromByteOffset: MemoryLayout<Int>.size, as: LibCurl.Handle?.self),
                    let transfer = hops.removeValue(forKey: easy)
                else { continue }
                let code = message.load(fromByteOffset: 2 * MemoryLayout<Int>.size, as: Int32.self)
                _ = curl.multiRemove(multi, easy)
                let next = transfer.finish(easy, code: code)
                curl.easyCleanup(easy)
                start(next, of: transfer, in: &hops)
            }
        }

        /// Ends every transfer with `reason` after the multi handle failed, and the thread with
        /// them; the next request starts a new one.
        private func stop(failing hops: inout [LibCurl.Handle: CurlTransfer], _ reason: String) {
            for (easy, _) in hops {
                _ = curl.multiRemove(multi, easy)
                curl.easyCleanup(easy)
            }
            let transfers = Array(hops.values)
            hops = [:]
            let waiting = queue.withLock { queue in
                defer {
                    queue.arriving = []
                    queue.leaving = []
                    queue.isRunning = false
                }
                return queue.arriving + queue.leaving
            }
            for transfer in transfers + waiting { transfer.complete(.failure(NetworkError.other(reason))) }
        }
    }
#endif
