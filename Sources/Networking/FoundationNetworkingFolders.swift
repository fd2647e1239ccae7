#if canImport(FoundationNetworking) && URLSESSION_ENGINE
    import Foundation
    import Glibc

    /// Folders FoundationNetworking (Linux) creates as a side effect of making any
    /// `URLSessionConfiguration`, even an ephemeral one without cookies or cache: the shared
    /// `HTTPCookieStorage` creates `$XDG_DATA_HOME/<bundle name>` (`~/.local/share/release` for a
    /// binary in `.build/release`), and the ephemeral configuration's own `URLCache` creates
    /// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<process name>`. No public API avoids them,
    /// so `withoutStrayFolders` removes those that did not exist before — only empty ones
    /// (`rmdir`), deepest first, so nothing of the user's is ever touched.
    enum FoundationNetworkingFolders {
        /// Runs `make`, then removes the folders it created at the known places.
        /// - Parameter make: Creates the URLSession configuration (or anything that may create them).
        /// - Returns: What `make` returned.
        static func withoutStrayFolders<T>(_ make: () -> T) -> T {
            let candidates = paths()
            let existing = Set(candidates.filter { FileManager.default.fileExists(atPath: $0) })
            let made = make()
            // Deepest first: a folder's parent can only go once the folder has gone.
            for path in candidates.reversed() where !existing.contains(path) {
                rmdir(path)
            }
            return made
        }

        /// The two folders and every ancestor that a creation could have made, shallowest first.
        private static func paths() -> [String] {
            let environment = ProcessInfo.processInfo.environment
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            var paths: [String] = []

            let dataHome =
                environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
            var bundleName = (Bundle.main.bundlePath as NSString).lastPathComponent
            if let dot = bundleName.lastIndex(of: ".") { bundleName = String(bundleName[..<dot]) }
            paths += chain(to: dataHome + "/" + bundleName)

            if let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first {
                let name = (Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName)
                    .replacingOccurrences(of: "/", with: "_")
                    .replacingOccurrences(of: "\\", with: "_")
                    .replacingOccurrences(of: ":", with: "_")
                paths += chain(to: caches.path + "/org.swift.foundation.URLCache/" + name)
            }
            return paths
        }

        /// `path` and its ancestors, shallowest first, without the root (or `.` for a relative path).
        private static func chain(to path: String) -> [String] {
            var result: [String] = []
            var current = path
            while !current.isEmpty, current != "/", current != "." {
                result.insert(current, at: 0)
                let parent = (current as NSString).deletingLastPathComponent
                guard parent != current else { break }
                current = parent
            }
            return result
        }
    }
#endif
