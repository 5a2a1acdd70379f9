/// A problem the game reports as one line on stderr before exiting.
struct KoalioError: Error, CustomStringConvertible {
    /// 2: the user's input (a file, a directory) is at fault; 1: the machine could not run the game.
    var exitCode: Int32
    var description: String

    static func input(_ message: String) -> KoalioError { KoalioError(exitCode: 2, description: message) }
    static func runtime(_ message: String) -> KoalioError { KoalioError(exitCode: 1, description: message) }
}
