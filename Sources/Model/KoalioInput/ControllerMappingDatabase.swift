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

    /// Adds the mappings in one file's bytes. Works on the bytes (a community database has
    /// thousands of lines, and koalio reads it at every start), once over the file.
    public mutating func add(fileBytes: [UInt8]) {
        let bytes = TextFile.droppingByteOrderMark(fileBytes)
        var start = bytes.startIndex
        while start < bytes.endIndex {
            var end = start
            while end < bytes.endIndex && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r") { end += 1 }
            addLine(bytes[start..<end])
            start = end + 1
        }
    }

    private mutating func addLine(_ raw: ArraySlice<UInt8>) {
        let line = raw.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let guid = Self.guid(of: line) else { return }
        if let platform = Self.field("platform:", in: line), !platform.elementsEqual(Self.platform.utf8) { return }
        mappings[guid, default: []].append(String(decoding: line, as: UTF8.self))
    }

    /// The mapping lines for a joystick GUID as SDL prints it (any case), one per line, in the
    /// form `SDL_GameControllerAddMappingsFromRW` reads; nil when the files have none.
    public func mappings(for guid: String) -> String? {
        mappings[guid.lowercased()].map { $0.joined(separator: "\n") + "\n" }
    }

    /// The GUID a line starts with (lowercased), when the line looks like a mapping: 32 hex
    /// digits, a comma, a name, a comma, and at least one `key:value` field.
    static func guid(of line: ArraySlice<UInt8>) -> String? {
        let guidEnd = line.startIndex + 32
        guard line.count > 33, line[guidEnd] == UInt8(ascii: ","), line[line.startIndex..<guidEnd].allSatisfy(isHexDigit),
              let nameEnd = line[(guidEnd + 1)...].firstIndex(of: UInt8(ascii: ",")),
              line[(nameEnd + 1)...].contains(UInt8(ascii: ":")) else { return nil }
        return String(decoding: line[line.startIndex..<guidEnd].map { $0 | 0x20 }, as: UTF8.self)  // ASCII lowercase
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// The value of the field `key` (given with its colon, `platform:`) in a mapping line:
    /// the bytes after it, up to the next comma.
    static func field(_ key: String, in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let key = Array(key.utf8)
        var index = line.startIndex
        while index + key.count <= line.endIndex {
            let fieldStart = index == line.startIndex || line[index - 1] == UInt8(ascii: ",")
            if fieldStart && line[index..<(index + key.count)].elementsEqual(key) {
                let valueStart = index + key.count
                let valueEnd = line[valueStart...].firstIndex(of: UInt8(ascii: ",")) ?? line.endIndex
                return line[valueStart..<valueEnd]
            }
            index += 1
        }
        return nil
    }
}
