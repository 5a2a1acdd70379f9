import KoalioCore

/// `gamecontrollerdb.txt` files read by koalio itself, one mapping per joystick GUID, so that
/// SDL is given only the mappings of pads actually plugged in. (Handing SDL a whole file costs
/// time quadratic in its lines: SDL searches its list for every mapping it adds; a 50 000-line
/// file took 92 s.) Lines are `GUID,name,mapping…`; comments (`#`), blank lines, lines for other
/// platforms (`platform:Windows,`) and lines that are not mappings are skipped, as SDL skips
/// them. A GUID keeps all its lines in file order: the community database gives some pads two,
/// chosen between by a `hint:` condition that SDL evaluates when it is handed them.
public struct ControllerMappingDatabase: Sendable, Equatable {
    /// The largest mapping file koalio reads (the community database is about 600 KB).
    public static let fileBytesLimit = 4 << 20
    /// The platform name SDL writes in mappings for this system.
    public static let platform = "Linux"

    /// Mapping lines by GUID (32 lowercase hex digits), in the order the files give them.
    public private(set) var mappings: [String: [String]] = [:]

    public init() {}

    public var count: Int { mappings.count }

    /// Adds the mappings in one file's bytes.
    public mutating func add(fileBytes bytes: [UInt8]) {
        for line in TextFile.lines(bytes) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard let guid = Self.guid(of: trimmed) else { continue }
            if let platform = Self.field("platform", in: trimmed), platform != Self.platform { continue }
            mappings[guid, default: []].append(String(trimmed))
        }
    }

    /// The mapping lines for a joystick GUID as SDL prints it (any case), one per line, in the
    /// form `SDL_GameControllerAddMappingsFromRW` reads; nil when the files have none.
    public func mappings(for guid: String) -> String? {
        mappings[guid.lowercased()].map { $0.joined(separator: "\n") + "\n" }
    }

    /// The GUID a line starts with, when the line looks like a mapping: 32 hex digits, a name,
    /// and at least one `key:value` field.
    static func guid(of line: Substring) -> String? {
        let parts = line.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 32, parts[0].allSatisfy(\.isHexDigit), parts[2].contains(":") else { return nil }
        return parts[0].lowercased()
    }

    /// The value of `key:value,` in a mapping line.
    static func field(_ key: String, in line: Substring) -> Substring? {
        for part in line.split(separator: ",") where part.hasPrefix(key + ":") {
            return part.dropFirst(key.count + 1)
        }
        return nil
    }
}
