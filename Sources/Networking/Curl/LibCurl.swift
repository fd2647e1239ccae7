#if os(Linux)
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// libcurl, loaded with `dlopen` on first use and bound with `dlsym`: the package needs no curl
    /// headers to build and no curl library to link, and a run answered from the cache never loads
    /// it. `libcurl.so.4` is on every Linux machine that runs Swift (FoundationNetworking uses it).
    ///
    /// `curl_easy_setopt` and `curl_easy_getinfo` are variadic in C. Swift cannot call a C variadic
    /// function through a pointer, so each is bound once per argument kind as a non-variadic
    /// function of three arguments (long, pointer, curl_off_t, function pointer). That is ABI-safe
    /// for integer and pointer arguments on x86_64 and aarch64 Linux, where such an argument travels
    /// in the same register whether the callee is variadic or not (on x86_64 `%al` only tells the
    /// callee how many vector registers to spill). It is not safe on Apple's arm64, which passes
    /// variadic arguments on the stack: this engine is for Linux only.
    final class LibCurl: @unchecked Sendable {  // immutable after loading: function pointers and a library handle
        typealias Handle = OpaquePointer
        typealias WriteCallback =
            @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

        let easyInit: @convention(c) () -> Handle?
        let easyCleanup: @convention(c) (Handle?) -> Void
        let setLong: @convention(c) (Handle?, Int32, Int) -> Int32
        let setPointer: @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
        let setOffset: @convention(c) (Handle?, Int32, Int64) -> Int32
        let setCallback: @convention(c) (Handle?, Int32, WriteCallback?) -> Int32
        let getLong: @convention(c) (Handle?, Int32, UnsafeMutablePointer<Int>?) -> Int32
        let getString: @convention(c) (Handle?, Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
        let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
        let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
        let slistFreeAll: @convention(c) (OpaquePointer?) -> Void
        let multiInit: @convention(c) () -> Handle?
        let multiCleanup: @convention(c) (Handle?) -> Int32
        let multiAdd: @convention(c) (Handle?, Handle?) -> Int32
        let multiRemove: @convention(c) (Handle?, Handle?) -> Int32
        let multiPerform: @convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> Int32
        /// `curl_multi_poll` (7.66): waits in `poll` for the transfer's sockets or a wake-up.
        let multiPoll:
            @convention(c) (Handle?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> Int32
        /// `curl_multi_wakeup` (7.68): the one multi call that is safe from another thread.
        let multiWakeup: @convention(c) (Handle?) -> Int32
        let multiInfoRead: @convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?
        /// `curl_multi_setopt` with a long argument (variadic in C, bound as `setLong` is).
        let multiSetLong: @convention(c) (Handle?, Int32, Int) -> Int32
        let shareInit: @convention(c) () -> Handle?
        /// `curl_share_setopt` with a long argument (variadic in C, bound as `setLong` is).
        let shareSetLong: @convention(c) (Handle?, Int32, Int) -> Int32

        /// The library, loaded and initialised by the first caller; or why it could not be.
        static let shared: Result<LibCurl, NetworkError> = load()

        /// The names tried, in order: the ABI this engine binds (`libcurl.so.4`, OpenSSL's build
        /// or GnuTLS's), then the development link. A failure names the first.
        static let names = ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"]
        /// The package that installs it, as Debian and Ubuntu name it.
        static let package = "libcurl4"
        /// 7.68.0: `curl_multi_poll` came in 7.66 and `curl_multi_wakeup` in 7.68; every option
        /// and info used is older.
        static let minimumVersion: UInt32 = 0x07_44_00

        /// Loads, checks and initialises the library.
        /// - Parameters:
        ///   - names: The file names to try, in order; the first names the library in a failure.
        ///   - minimumVersion: The oldest version accepted, as `curl_version_info`'s `version_num`
        ///     (0xXXYYZZ).
        /// - Returns: The library, or why it cannot be used (`NetworkError.libraryUnavailable`).
        static func load(names: [String] = names, minimumVersion: UInt32 = minimumVersion) -> Result<
            LibCurl, NetworkError
        > {
            let name = names.first ?? "libcurl.so.4"
            func failure(_ kind: LibraryProblem.Kind) -> Result<LibCurl, NetworkError> {
                .failure(.libraryUnavailable(LibraryProblem(library: name, package: package, kind: kind)))
            }
            var library: UnsafeMutableRawPointer?
            var reason: String?
            withoutImplicitGnuTLSInit {
                for candidate in names where library == nil {
                    library = dlopen(candidate, RTLD_NOW | RTLD_LOCAL)
                    // The first name's reason: the one the user is told to install.
                    if library == nil, reason == nil { reason = dlerror().map { String(cString: $0) } }
                }
            }
            guard let library else { return failure(.missing(reason: reason ?? "not found")) }
            let needed = versionText(minimumVersion)
            guard let version = version(of: library) else {
                return failure(.tooOld(found: "older than 7.10", needed: needed))
            }
            guard version.number >= minimumVersion else { return failure(.tooOld(found: version.text, needed: needed)) }
            guard let curl = LibCurl(library: library),
                let globalInit = dlsym(library, "curl_global_init").map({
                    unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
                })
            else {
                return failure(.failedToStart(reason: "version \(version.text) lacks functions this program uses"))
            }
            let globalDefault = 3  // CURL_GLOBAL_DEFAULT
            let code = globalInit(globalDefault)
            guard code == 0 else { return failure(.failedToStart(reason: "curl_global_init failed (error \(code))")) }
            return .success(curl)
        }

        /// Runs `load` with `GNUTLS_NO_IMPLICIT_INIT` set.
        ///
        /// Debian's libcurl pulls in GnuTLS through librtmp, and GnuTLS initialises itself in a
        /// load-time constructor (random generator, system priorities): 0.7 MiB of memory and half
        /// a millisecond for a library no request uses. libcurl's own TLS is OpenSSL's, or, in a
        /// GnuTLS build of libcurl, initialised explicitly by `curl_global_init`; librtmp calls
        /// `gnutls_global_init` itself for the RTMP protocols, which transfers never allow.
        private static func withoutImplicitGnuTLSInit(_ load: () -> Void) {
            withEnvironmentVariable("GNUTLS_NO_IMPLICIT_INIT", setTo: "1", load)
        }

        /// Runs `body` with `name` set to `value`, then puts the environment back as it was: a
        /// variable already set is left alone, one that was not is removed again before anything
        /// can be started, so no child inherits it. For the first request only, while no other code
        /// of this process reads or changes the environment (the configuration is read at start-up).
        static func withEnvironmentVariable(_ name: String, setTo value: String, _ body: () -> Void) {
            guard getenv(name) == nil else { return body() }
            setenv(name, value, 1)
            body()
            unsetenv(name)
        }

        /// The loaded library's version, from `curl_version_info` (libcurl 7.10 and later).
        private static func version(of library: UnsafeMutableRawPointer) -> (number: UInt32, text: String)? {
            typealias VersionInfo = @convention(c) (Int32) -> UnsafeRawPointer?
            guard
                let versionInfo = dlsym(library, "curl_version_info").map({ unsafeBitCast($0, to: VersionInfo.self) }),
                let data = versionInfo(0)  // CURLVERSION_FIRST: the fields read here are in every age
            else { return nil }
            // struct curl_version_info_data { CURLversion age; const char *version; unsigned int version_num; … }
            let textOffset = MemoryLayout<UnsafePointer<CChar>>.alignment
            let numberOffset = textOffset + MemoryLayout<UnsafePointer<CChar>>.size
            let number = data.loadUnaligned(fromByteOffset: numberOffset, as: UInt32.self)
            let text = data.loadUnaligned(fromByteOffset: textOffset, as: UnsafePointer<CChar>?.self)
                .map { String(cString: $0) }
            return (number, text ?? versionText(number))
        }

        /// `0x074400` as `7.68.0`.
        static func versionText(_ number: UInt32) -> String {
            "\(number >> 16).\((number >> 8) & 0xFF).\(number & 0xFF)"
        }

        private init?(library: UnsafeMutableRawPointer) {
            func bind<F>(_ name: String, _ type: F.Type) -> F? {
                dlsym(library, name).map { unsafeBitCast($0, to: type) }
            }
            guard let easyInit = bind("curl_easy_init", (@convention(c) () -> Handle?).self),
                let easyCleanup = bind("curl_easy_cleanup", (@convention(c) (Handle?) -> Void).self),
                let setLong = bind("curl_easy_setopt", (@convention(c) (Handle?, Int32, Int) -> Int32).self),
                let setPointer = bind(
                    "curl_easy_setopt", (@convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32).self),
                let setOffset = bind("curl_easy_setopt", (@convention(c) (Handle?, Int32, Int64) -> Int32).self),
                let setCallback = bind(
                    "curl_easy_setopt", (@convention(c) (Handle?, Int32, WriteCallback?) -> Int32).self),
                let getLong = bind(
                    "curl_easy_getinfo", (@convention(c) (Handle?, Int32, UnsafeMutablePointer<Int>?) -> Int32).self),
                let getString = bind(
                    "curl_easy_getinfo",
                    (@convention(c) (Handle?, Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32).self),
                let strerror = bind("curl_easy_strerror", (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
                let slistAppend = bind(
                    "curl_slist_append",
                    (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
                let slistFreeAll = bind("curl_slist_free_all", (@convention(c) (OpaquePointer?) -> Void).self),
                let multiInit = bind("curl_multi_init", (@convention(c) () -> Handle?).self),
                let multiCleanup = bind("curl_multi_cleanup", (@convention(c) (Handle?) -> Int32).self),
                let multiAdd = bind("curl_multi_add_handle", (@convention(c) (Handle?, Handle?) -> Int32).self),
                let multiRemove = bind("curl_multi_remove_handle", (@convention(c) (Handle?, Handle?) -> Int32).self),
                let multiPerform = bind(
                    "curl_multi_perform", (@convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> Int32).self),
                let multiPoll = bind(
                    "curl_multi_poll",
                    (@convention(c) (Handle?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?)
                        -> Int32).self),
                let multiWakeup = bind("curl_multi_wakeup", (@convention(c) (Handle?) -> Int32).self),
                let multiInfoRead = bind(
                    "curl_multi_info_read",
                    (@convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?).self),
                let multiSetLong = bind("curl_multi_setopt", (@convention(c) (Handle?, Int32, Int) -> Int32).self),
                let shareInit = bind("curl_share_init", (@convention(c) () -> Handle?).self),
                let shareSetLong = bind("curl_share_setopt", (@convention(c) (Handle?, Int32, Int) -> Int32).self)
            else { return nil }
            self.easyInit = easyInit
            self.easyCleanup = easyCleanup
            self.setLong = setLong
            self.setPointer = setPointer
            self.setOffset = setOffset
            self.setCallback = setCallback
            self.getLong = getLong
            self.getString = getString
            self.strerror = strerror
            self.slistAppend = slistAppend
            self.slistFreeAll = slistFreeAll
            self.multiInit = multiInit
            self.multiCleanup = multiCleanup
            self.multiAdd = multiAdd
            self.multiRemove = multiRemove
            self.multiPerform = multiPerform
            self.multiPoll = multiPoll
            self.multiWakeup = multiWakeup
            self.multiInfoRead = multiInfoRead
            self.multiSetLong = multiSetLong
            self.shareInit = shareInit
            self.shareSetLong = shareSetLong
        }

        /// The text of a `CURLcode`.
        func describe(_ code: Int32) -> String {
            strerror(code).map { String(cString: $0) } ?? "error \(code)"
        }
    }

    /// The numbers from curl.h this engine uses (stable ABI since libcurl 7).
    enum CurlOption {
        private static let long: Int32 = 0
        private static let objectPoint: Int32 = 10_000
        private static let functionPoint: Int32 = 20_000
        private static let offset: Int32 = 30_000

        static let writeData = objectPoint + 1
        static let url = objectPoint + 2
        static let errorBuffer = objectPoint + 10
        static let writeFunction = functionPoint + 11
        static let httpHeader = objectPoint + 23
        static let headerData = objectPoint + 29
        static let customRequest = objectPoint + 36
        static let noBody = long + 44
        static let freshConnect = long + 74
        static let forbidReuse = long + 75
        static let followLocation = long + 52
        static let caInfo = objectPoint + 65
        static let headerFunction = functionPoint + 79
        static let httpGet = long + 80
        static let caPath = objectPoint + 97
        static let noSignal = long + 99
        static let share = objectPoint + 100
        static let acceptEncoding = objectPoint + 102
        static let maxFileSize = offset + 117
        static let postFieldSize = offset + 120
        static let timeoutMilliseconds = long + 155
        static let connectTimeoutMilliseconds = long + 156
        static let copyPostFields = objectPoint + 165
        static let protocols = long + 181
    }

    /// `CURLMOPT_…`: options of a multi handle.
    enum CurlMultiOption {
        /// How many idle connections the multi handle keeps open for reuse.
        static let maximumConnects: Int32 = 6
    }

    /// `CURLSHOPT_…` and `CURL_LOCK_DATA_…`: what a share handle holds.
    enum CurlShareOption {
        static let share: Int32 = 1
        static let dns = 3
        static let sslSession = 4
    }

    enum CurlInfo {
        private static let string: Int32 = 0x10_0000
        private static let long: Int32 = 0x20_0000

        static let responseCode = long + 2
        static let sslVerifyResult = long + 13
        /// The proxy's status in answer to `CONNECT` (0 when there was none).
        static let httpConnectCode = long + 22
        /// How many new connections the transfer had to make (0 when it reused one).
        static let numConnects = long + 26
        static let redirectURL = string + 31
    }
#endif
