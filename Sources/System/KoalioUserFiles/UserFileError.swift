import KoalioUserData
/// A user file (progress, settings) that cannot be used as it is: which file, where, and why,
/// for one line on stderr.
public struct UserFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based line, when the problem has one (toml++ gives every key and syntax error one).
    public var line: Int?
    public var reason: String

    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { line.map { "\(file):\($0): \(reason)" } ?? "\(file): \(reason)" }
}
