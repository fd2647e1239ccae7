#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the server makes on sockets, with each wait bounded by a deadline.
enum Socket {
    #if canImport(Glibc)
        static let streamType = Int32(SOCK_STREAM.rawValue)
        /// `send` never raises SIGPIPE on a connection the peer closed.
        static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        static let streamType = SOCK_STREAM
        /// Darwin has no MSG_NOSIGNAL; `configureAccepted` sets SO_NOSIGPIPE instead.
        static let sendFlags: Int32 = 0
    #endif

    /// What ended a wait.
    enum Readiness {
        case ready
        /// The wake descriptor became readable: the server is stopping.
        case woken
        case timedOut
        case failed
    }

    /// Makes `descriptor` non-blocking and closed on exec.
    static func makeNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, (flags < 0 ? 0 : flags) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    /// Sets an integer socket option; failure is ignored (every option set is an optimisation
    /// or, for SO_NOSIGPIPE, never fails on a socket).
    static func setOption(_ descriptor: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Readies an accepted connection: non-blocking, no Nagle delay, no SIGPIPE.
    static func configureAccepted(_ descriptor: Int32) {
        makeNonBlocking(descriptor)
        setOption(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        #if canImport(Darwin)
            setOption(descriptor, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
    }

    /// Whether bytes wait to be read on a connection (without reading them or waiting).
    static func hasPendingInput(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Makes the coming `close` reset the connection at once, dropping what was not sent: for a
    /// client that stopped reading, whose unsent bytes would otherwise linger in the kernel.
    static func resetOnClose(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Waits until `descriptor` has `events` (POLLIN, POLLOUT), `wake` is readable, or
    /// `deadline` passes. `wake` < 0 is not watched. Readiness of `descriptor` wins over `wake`
    /// only when `preferReady`.
    static func wait(
        _ descriptor: Int32, for events: Int16, wake: Int32, until deadline: ContinuousClock.Instant,
        preferReady: Bool = false
    ) -> Readiness {
        withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { fds in
            fds[0] = pollfd(fd: descriptor, events: events, revents: 0)
            fds[1] = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
            while true {
                let timeout = milliseconds(until: deadline)
                let result = poll(fds.baseAddress, wake < 0 ? 1 : 2, timeout)
                if result < 0 {
                    if errno == EINTR { continue }
                    return .failed
                }
                let isReady = fds[0].revents != 0
                let isWoken = wake >= 0 && fds[1].revents != 0
                if isReady && (preferReady || !isWoken) { return .ready }
                if isWoken { return .woken }
                if result == 0 && (timeout == 0 || ContinuousClock.now >= deadline) { return .timedOut }
            }
        }
    }

    /// Milliseconds from now to `deadline`, rounded up, 0 when passed.
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Writes `head` then `body` (in one `sendmsg` where the socket takes it), waiting for room
    /// until `deadline`. `false` when the peer went, or did not read in time.
    static func sendAll(_ descriptor: Int32, head: [UInt8], body: [UInt8], until deadline: ContinuousClock.Instant)
        -> Bool
    {
        head.withUnsafeBytes { headBytes in
            body.withUnsafeBytes { bodyBytes in
                var sent = 0
                let total = headBytes.count + bodyBytes.count
                while sent < total {
                    let written = sendRemainder(descriptor, headBytes, bodyBytes, from: sent)
                    if written >= 0 {
                        sent += written
                        continue
                    }
                    guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
                    if errno != EINTR, wait(descriptor, for: Int16(POLLOUT), wake: -1, until: deadline) != .ready {
                        return false
                    }
                }
                return true
            }
        }
    }

    /// One `sendmsg` of what remains of `head` + `body` after the first `offset` bytes.
    private static func sendRemainder(
        _ descriptor: Int32, _ head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer, from offset: Int
    ) -> Int {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { vectors in
            var count = 0
            if offset < head.count, let base = head.baseAddress {
                vectors[count] = iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: base + offset), iov_len: head.count - offset)
                count += 1
            }
            let bodyOffset = max(0, offset - head.count)
            if bodyOffset < body.count, let base = body.baseAddress {
                vectors[count] = iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: base + bodyOffset), iov_len: body.count - bodyOffset)
                count += 1
            }
            var message = msghdr()
            message.msg_iov = vectors.baseAddress
            message.msg_iovlen = numericCast(count)
            return sendmsg(descriptor, &message, sendFlags)
        }
    }

    /// `127.0.0.1:54321` or `[::1]:54321` for a peer's socket address.
    static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> String in
                if Int32(address.pointee.sa_family) == AF_INET6 {
                    return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                        var raw = ipv6.pointee.sin6_addr
                        inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                        return
                            "[\(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))]:\(UInt16(bigEndian: ipv6.pointee.sin6_port))"
                    }
                }
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                    var raw = ipv4.pointee.sin_addr
                    inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                    return
                        "\(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)):\(UInt16(bigEndian: ipv4.pointee.sin_port))"
                }
            }
        }
    }
}
