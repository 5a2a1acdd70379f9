/// Why a replay file cannot be used: one line naming the file, the place and the problem.
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// Byte offset of the problem, when it is in the file's body.
    public var offset: Int?
    public var reason: String

    public init(file: String, offset: Int? = nil, reason: String) {
        self.file = file
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        offset.map { "\(file): byte \($0): \(reason)" } ?? "\(file): \(reason)"
    }
}
