import Foundation
import Platform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The settings file of a run: where it is, whether it was used, and what it says.
struct LoadedSettingsFile: Equatable, Sendable {
    /// How reading it went.
    enum Status: Equatable, Sendable {
        /// Neither `XDG_CONFIG_HOME` nor `HOME` names a folder to look in.
        case noLocation
        /// There is no file: the defaults.
        case missing
        case read
        /// The file is not the user's own, or cannot be read: the defaults, and one warning.
        case refused(reason: String)
    }

    /// `$XDG_CONFIG_HOME/mvsearch/config`, else `$HOME/.config/mvsearch/config`.
    let path: String?
    let status: Status
    /// What it says; empty unless it was read.
    let contents: SettingsFile

    /// No file at all: every setting from the command line, the environment and the defaults.
    static let noFile = LoadedSettingsFile(path: nil, status: .noLocation, contents: SettingsFile())

    /// Where the settings file is: `$XDG_CONFIG_HOME/mvsearch/config` when the variable holds an
    /// absolute path, else `$HOME/.config/mvsearch/config`; `nil` when neither variable does
    /// (`env -i`, or a test's empty environment, reads no one's settings).
    static func location(_ environment: [String: String]) -> URL? {
        let base: URL
        if let path = environment["XDG_CONFIG_HOME"], path.hasPrefix("/") {
            base = URL(fileURLWithPath: path, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        } else {
            return nil
        }
        return base.appendingPathComponent("mvsearch", isDirectory: true).appendingPathComponent(
            "config", isDirectory: false)
    }

    /// Reads and checks the settings file, when there is one and it is the user's own: a regular
    /// file (a link is followed to it) owned by `userID` and writable by no one else, at most
    /// `SettingsFile.maximumBytes`.
    /// - Parameters:
    ///   - environment: `XDG_CONFIG_HOME`, `HOME`.
    ///   - userID: Whose the file must be (the effective user; tests pass another).
    /// - Throws: `SettingsFileError` for a bad line or a file too large to be a settings file.
    static func load(environment: [String: String], userID: uid_t = geteuid()) throws(SettingsFileError)
        -> LoadedSettingsFile
    {
        guard let url = location(environment) else { return .noFile }
        do {
            return try load(url, userID: userID)
        } catch {
            var located = error
            located.path = url.path
            throw located
        }
    }

    private static func load(_ url: URL, userID: uid_t) throws(SettingsFileError) -> LoadedSettingsFile {
        let data: Data
        do throws(PrivateFiles.Refusal) {
            guard
                let read = try PrivateFiles.read(
                    url, userID: userID, maximumBytes: SettingsFile.maximumBytes, followsLinks: true)
            else {
                return LoadedSettingsFile(path: url.path, status: .missing, contents: SettingsFile())
            }
            data = read
        } catch {
            guard !error.isTooLarge else {
                throw SettingsFileError(
                    line: nil, "it is larger than \(SettingsFile.maximumBytes / 1024) KiB, too large for one",
                    advice: "check that it is the right file, or remove it")
            }
            return LoadedSettingsFile(path: url.path, status: .refused(reason: error.reason), contents: SettingsFile())
        }
        return LoadedSettingsFile(path: url.path, status: .read, contents: try SettingsFile(parsing: data))
    }
}
