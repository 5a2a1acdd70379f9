/// A file the game could not use, kept as data until the view words it in the player's
/// language: which file, the line when its reader knows it, what kind of trouble, and the
/// reader's own detail (for the file's author, in English, as a compiler's diagnostics are).
/// ``description`` is the terminal's one line, `file:line: detail`.
public struct FileProblem: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// There is no such file (or a file names one that is not there).
        case missing
        /// It is there but cannot be read (a folder, too large, not allowed).
        case unreadable
        /// It is read, and what it says cannot be used.
        case damaged
    }

    public var file: String
    public var line: Int?
    public var kind: Kind
    public var detail: String

    public init(file: String, line: Int? = nil, kind: Kind, detail: String) {
        self.file = file
        self.line = line
        self.kind = kind
        self.detail = detail
    }

    public var description: String { line.map { "\(file):\($0): \(detail)" } ?? "\(file): \(detail)" }
}

/// Why the network would not do what was asked (a socket to host on, a join's socket, the
/// phones' listener), as data until the view words it. The system's own words are kept only
/// for the rare reason that has no name here.
public enum NetworkProblem: Equatable, Sendable {
    /// The port is taken (another game, or another program, listens there).
    case portInUse
    /// The system does not allow it (a port below 1024, a firewall's policy).
    case notAllowed
    /// No network reaches the address, or the address is none of this machine's.
    case noNetwork
    /// The address given cannot be read.
    case badAddress(String)
    /// This machine has no home or office network to find phones on.
    case noPrivateNetwork
    /// Anything else: the system's reason, as it said it.
    case system(String)
}
