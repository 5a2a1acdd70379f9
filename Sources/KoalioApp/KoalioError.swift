/// A problem the game reports as one line on stderr before exiting.
public struct KoalioError: Error, CustomStringConvertible {
    /// 2: the user's input (a file, a directory) is at fault; 1: the machine could not run the game.
    public var exitCode: Int32
    public var description: String

    static func input(_ message: String) -> KoalioError { KoalioError(exitCode: 2, description: message) }
    static func runtime(_ message: String) -> KoalioError { KoalioError(exitCode: 1, description: message) }
}
