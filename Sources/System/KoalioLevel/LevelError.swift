import KoalioCore

/// Why a level file cannot be used. Printed as one line: file, place, element, reason.
public struct LevelError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// The line the offending element starts on, when known.
    public var line: Int?
    /// The XML element at fault, e.g. `data` or `tileset`.
    public var element: String
    public var reason: String

    public init(file: String, line: Int?, element: String, reason: String) {
        self.file = file
        self.line = line
        self.element = element
        self.reason = reason
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return element.isEmpty ? "\(place): \(reason)" : "\(place): <\(TerminalText.excerpt(element))>: \(reason)"
    }
}
