/// Finding the games hosted on this network: a joiner broadcasts a probe to
/// ``port``, and each host waiting for players answers with its game's port and level. An
/// answer is never longer than the probe it answers (a forged sender gains nothing by
/// amplification), carries no session code, and a host answers only while its game can be
/// joined. A probe or answer of any other shape is dropped unread.
public enum Discovery {
    /// The port hosts listen on for probes (the game's own port is in the answer).
    public static let port: UInt16 = 24821
    /// "KD?" and the protocol's version, then zeros to ``probeBytes``.
    static let probeMagic: [UInt8] = [0x4B, 0x44, 0x3F, NetMessage.version]
    /// "KD!" and the protocol's version, the game's port, the machines there and expected, the
    /// game's number (one game heard at two addresses is listed once), the level name's length
    /// and the name.
    static let answerMagic: [UInt8] = [0x4B, 0x44, 0x21, NetMessage.version]
    /// A probe's exact length; an answer's most.
    public static let probeBytes = 64
    static let answerHeaderBytes = answerMagic.count + 2 + 1 + 1 + 4 + 1
    /// A level name longer than fits is cut, on a character's edge.
    public static let maxLevelNameBytes = probeBytes - answerHeaderBytes

    /// A game found on the network.
    public struct Game: Equatable, Sendable {
        /// Where to join it: the answer's sender with the game's port.
        public var address: NetAddress
        public var levelName: String
        /// Machines in the game so far, and how many it has room for.
        public var here: Int
        public var expected: Int
        /// The host's random number for its game.
        public var id: UInt32

        public init(address: NetAddress, levelName: String, here: Int, expected: Int, id: UInt32) {
            self.address = address
            self.levelName = levelName
            self.here = here
            self.expected = expected
            self.id = id
        }
    }

    /// The probe a joiner sends.
    public static var probe: [UInt8] { probeMagic + [UInt8](repeating: 0, count: probeBytes - probeMagic.count) }

    /// Whether `bytes` is a probe of this version (its exact length, its zeros included).
    public static func isProbe(_ bytes: [UInt8]) -> Bool { bytes == probe }

    /// A host's answer, for a game on `gamePort`.
    public static func answer(gamePort: UInt16, levelName: String, here: Int, expected: Int, id: UInt32) -> [UInt8] {
        var name = Array(levelName.utf8)
        if name.count > maxLevelNameBytes {
            var cut = maxLevelNameBytes
            while cut > 0 && name[cut] & 0xC0 == 0x80 { cut -= 1 }  // not in the middle of a character
            name = Array(name[..<cut])
        }
        let idBytes = (0..<4).map { UInt8(truncatingIfNeeded: id >> (24 - 8 * $0)) }
        return answerMagic + [UInt8(gamePort >> 8), UInt8(gamePort & 0xFF), UInt8(clamping: here), UInt8(clamping: expected)] + idBytes
            + [UInt8(name.count)] + name
    }

    /// The game an answer from `sender` names, or nil for anything that is not an answer.
    public static func game(answer bytes: [UInt8], from sender: NetAddress) -> Game? {
        guard bytes.count >= answerHeaderBytes, bytes.count <= probeBytes, Array(bytes[0..<answerMagic.count]) == answerMagic else { return nil }
        let at = answerMagic.count
        let port = UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
        let here = Int(bytes[at + 2]), expected = Int(bytes[at + 3]), length = Int(bytes[at + 8])
        let id = bytes[at + 4..<at + 8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard port != 0, bytes.count == answerHeaderBytes + length, (1...NetMessage.maxSeats).contains(expected), (1...expected).contains(here),
              let name = String(validating: bytes[answerHeaderBytes...], as: UTF8.self),
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
        else { return nil }
        return Game(address: NetAddress(host: sender.host, port: port), levelName: name, here: here, expected: expected, id: id)
    }
}
