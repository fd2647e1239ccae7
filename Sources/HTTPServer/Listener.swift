#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The listening socket: made, bound and listening, non-blocking, with SO_REUSEADDR.
enum Listener {
    /// A socket listening on `host` and `port`.
    /// - Returns: The descriptor and the port bound (the system's pick when `port` is 0).
    /// - Throws: `invalidAddress` for a host that is not numeric or a port out of range,
    ///   `addressInUse`, `cannotBind` for anything else the system refuses.
    static func open(host: String, port: Int) throws(HTTPServerError) -> (descriptor: Int32, port: Int) {
        let address = HTTPServerAddress(host: host, port: port)
        let numeric = address.host.lowercased() == "localhost" ? "127.0.0.1" : address.host
        guard (0...65535).contains(port) else { throw .invalidAddress(address.description) }
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        if let ipv4 = IPAddress.ipv4(numeric) {
            family = AF_INET
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { socket in
                    socket.pointee.sin_family = sa_family_t(AF_INET)
                    #if canImport(Darwin)
                        socket.pointee.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
                    #endif
                    socket.pointee.sin_port = UInt16(port).bigEndian
                    withUnsafeMutableBytes(of: &socket.pointee.sin_addr) { $0.copyBytes(from: ipv4) }
                }
            }
        } else if let ipv6 = IPAddress.ipv6(numeric) {
            family = AF_INET6
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { socket in
                    socket.pointee.sin6_family = sa_family_t(AF_INET6)
                    #if canImport(Darwin)
                        socket.pointee.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
                    #endif
                    socket.pointee.sin6_port = UInt16(port).bigEndian
                    withUnsafeMutableBytes(of: &socket.pointee.sin6_addr) { $0.copyBytes(from: ipv6) }
                }
            }
        } else {
            throw .invalidAddress(address.description)
        }
        let descriptor = socket(family, Socket.streamType, 0)
        guard descriptor >= 0 else { throw .cannotBind(reason: systemError()) }
        Socket.makeNonBlocking(descriptor)
        Socket.setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1)
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            if code == EADDRINUSE { throw .addressInUse(host: address.host, port: port) }
            if code == EACCES { throw .cannotBind(reason: "permission denied for \(address) (a port below 1024?)") }
            if code == EADDRNOTAVAIL { throw .cannotBind(reason: "\(address.host) is not an address of this machine") }
            throw .cannotBind(reason: "\(address): \(systemError(code))")
        }
        guard listen(descriptor, SOMAXCONN) == 0 else {
            let reason = systemError()
            close(descriptor)
            throw .cannotBind(reason: reason)
        }
        return (descriptor, boundPort(descriptor) ?? port)
    }

    /// The port a socket is bound to.
    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }

    /// The C library's words for `code`.
    static func systemError(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
