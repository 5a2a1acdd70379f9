import CZlib
import KoalioCore
import KoalioInput
import KoalioSim
import KoalioSystem
import KoalioReplay

/// The `.koalioreplay` file format, versions 1–4. Versions 1 and 2 share a layout and differ
/// only in how the state checksums were computed (see ``StateChecksum``); version 3 adds the
/// co-op players' inputs to each run; version 4 adds the run's assist settings, and its
/// checksums cover the level's objects (checkpoint, leaves, critters). All integers
/// little-endian.
///
///     magic        8 bytes  "KOALIORP"
///     version      u16      format version (2; 1 is read and verified too)
///     game         str      koalio version that recorded it        (str = u8 length + UTF-8)
///     level        str      level name (its file name without .tmx)
///     levelSHA256  32 bytes SHA-256 of the level file
///     tickRate     u16      ticks per second (60)
///     assist       version 4 only: u8 game speed in percent (50–100), u8 flags: 1 invincible,
///                  2 infinite dash (older versions: no assist)
///     sources      u8 count, then str each: controller names
///     ticks        u32      number of ticks in the run
///     runs         until `ticks` are covered, each:
///                    varint  length: this many ticks have the same input
///                    u8      source (index into sources)
///                    u8      presses: 1 A, 2 Menu, 4 Options, 8 the game paused itself
///                    u8      count of snapshot fields that differ from the previous run,
///                            then per field: u8 index, f32 value, indexes into
///                            GamepadSnapshot.fields (dpadX dpadY leftX leftY rightX rightY,
///                            A B X Y, shoulders, triggers, menu, options, home, stick buttons).
///                  version 3 goes on, per run:
///                    u8      partners: players 2–4 in play on these ticks, then each, in
///                            player order: u8 player (2…4), u8 source (index into sources;
///                            255: no controller, their pad is away), u8 presses (1 A), and the
///                            changed snapshot fields as above, from that player's previous
///                            snapshot (neutral before their first).
///     checksums    varint count, then per checksum: varint tick, u64 state checksum
///                  (every 60 ticks and after the last; see StateChecksum)
///     crc          u32      CRC-32 of every byte before it
///
/// Inputs repeat for many ticks, so a minute of play is a few kilobytes.
public enum ReplayFile {
    public static let magic = Array("KOALIORP".utf8)
    public static let fileExtension = "koalioreplay"

    /// A snapshot's values in the order of ``GamepadSnapshot/fields``.
    static func fields(_ snapshot: GamepadSnapshot) -> [Float] { GamepadSnapshot.fields.map { snapshot[keyPath: $0] } }

    static var fieldCount: Int { GamepadSnapshot.fields.count }

    public static func encode(_ recording: Recording) -> [UInt8] {
        var out = ByteWriter()
        out.bytes(magic)
        out.u16(recording.formatVersion)
        out.string(recording.gameVersion)
        out.string(recording.levelName)
        out.bytes(recording.levelSHA256.count == 32 ? recording.levelSHA256 : [UInt8](repeating: 0, count: 32))
        out.u16(UInt16(clamping: recording.tickRate))
        if recording.formatVersion >= 4 {
            out.u8(UInt8(clamping: recording.assist.speedPercent))
            out.u8((recording.assist.invincible ? 1 : 0) | (recording.assist.infiniteDash ? 2 : 0))
        }
        out.u8(UInt8(clamping: recording.sources.count))
        for source in recording.sources.prefix(255) { out.string(source) }
        out.u32(UInt32(clamping: recording.inputs.count))
        var previous = fields(.neutral)
        var previousPartners: [Int: [Float]] = [:]
        for run in recording.inputs.runs {
            out.varint(UInt64(run.length))
            out.u8(UInt8(clamping: run.input.source))
            out.u8(run.input.pressed.rawValue)
            let current = fields(run.input.snapshot)
            writeChanges(from: previous, to: current, into: &out)
            previous = current
            guard recording.formatVersion >= 3 else { continue }
            out.u8(UInt8(clamping: run.input.partners.count))
            for partner in run.input.partners.prefix(Int(UInt8.max)) {
                out.u8(UInt8(clamping: partner.player))
                out.u8(UInt8(clamping: partner.source))
                out.u8(partner.pressed.rawValue)
                let current = fields(partner.snapshot)
                writeChanges(from: previousPartners[partner.player] ?? fields(.neutral), to: current, into: &out)
                previousPartners[partner.player] = current
            }
        }
        out.varint(UInt64(recording.checksums.count))
        for checksum in recording.checksums {
            out.varint(UInt64(checksum.tick))
            out.u64(checksum.value)
        }
        out.u32(crc32(out.data[...]))
        return out.data
    }

    /// The snapshot fields that differ: a count, then each field's index and value.
    private static func writeChanges(from previous: [Float], to current: [Float], into out: inout ByteWriter) {
        let changed = current.indices.filter { current[$0].bitPattern != previous[$0].bitPattern }
        out.u8(UInt8(changed.count))
        for field in changed {
            out.u8(UInt8(field))
            out.u32(current[field].bitPattern)
        }
    }

    /// Reads the changed snapshot fields into `snapshot` (only those: a run changes one or two).
    private static func readChanges(into snapshot: inout GamepadSnapshot, from input: inout ByteReader) throws(ReplayError) {
        for _ in 0..<(try input.u8()) {
            let field = Int(try input.u8())
            guard field < fieldCount else { throw input.error(at: input.position - 1, "no snapshot field \(field)") }
            snapshot[keyPath: GamepadSnapshot.fields[field]] = Float(bitPattern: try input.u32())
        }
    }

    public static func decode(_ bytes: [UInt8], file: String) throws(ReplayError) -> Recording {
        var input = ByteReader(bytes: bytes, file: file)
        guard bytes.count >= magic.count + 2, Array(bytes.prefix(magic.count)) == magic else {
            throw ReplayError(file: file, reason: "not a koalio replay (no KOALIORP header)")
        }
        guard bytes.count <= ReplayLimits.fileBytes else {
            throw ReplayError(file: file, reason: "\(ByteCount.text(bytes.count)) is more than the \(ByteCount.text(ReplayLimits.fileBytes)) a replay may be")
        }
        input.skip(magic.count)
        let version = try input.u16()
        guard version <= Recording.formatVersion else {
            throw ReplayError(file: file, reason: "format version \(version) is newer than this koalio reads (\(Recording.formatVersion)); update koalio")
        }
        guard version >= 1 else { throw ReplayError(file: file, reason: "format version \(version) is not one koalio ever wrote") }
        guard bytes.count >= 4, crc32(bytes.dropLast(4)) == littleEndian32(bytes.suffix(4)) else {
            // Tell a short file from a damaged one: parse on, and see whether the file runs out
            // before the body does, or before its 4-byte CRC. (The parse allocates only what
            // the file's own bytes can hold, so a damaged count costs nothing.)
            let parsed = (try? parseBody(&input, version: version)) != nil
            if input.ranOut || (parsed && bytes.count - input.position < 4) {
                throw ReplayError(file: file, offset: bytes.count, reason: "truncated: the file ends in the middle of the run")
            }
            throw ReplayError(file: file, reason: "damaged: the file's CRC-32 does not match its contents")
        }
        var recording = try parseBody(&input, version: version)
        recording.formatVersion = version
        guard input.position == bytes.count - 4 else {
            throw ReplayError(file: file, offset: input.position, reason: "unexpected data after the checksums")
        }
        return recording
    }

    private static func parseBody(_ input: inout ByteReader, version: UInt16) throws(ReplayError) -> Recording {
        let game = try input.string()
        let levelStart = input.position
        guard let level = try input.utf8String() else {
            throw input.error(at: levelStart, "the level's name is not UTF-8 text")
        }
        guard isLevelName(level) else {
            throw input.error(at: levelStart, "'\(TerminalText.excerpt(level))' is not a level name (a file name in Levels/, without .tmx)")
        }
        let sha = try input.bytes(32)
        let tickRate = Int(try input.u16())
        var assist = Assist.off
        if version >= 4 {
            let speedStart = input.position
            let speed = Int(try input.u8())
            guard Assist.speedRange.contains(speed) else {
                throw input.error(at: speedStart, "game speed \(speed) % is not \(Assist.speedRange.lowerBound)–\(Assist.speedRange.upperBound) %")
            }
            let flags = try input.u8()
            guard flags & ~3 == 0 else { throw input.error(at: speedStart + 1, "assist flags \(flags) are not ones koalio knows") }
            assist = Assist(speedPercent: speed, invincible: flags & 1 != 0, infiniteDash: flags & 2 != 0)
        }
        var sources: [String] = []
        for _ in 0..<(try input.u8()) { sources.append(try input.string()) }
        let countStart = input.position
        let tickCount = Int(try input.u32())
        guard tickCount <= ReplayLimits.ticks else {
            throw input.error(at: countStart, "\(tickCount) ticks is longer than the \(ReplayLimits.ticks) (24 hours) a replay may hold")
        }
        var inputs = TickInputRuns()
        var snapshot = GamepadSnapshot.neutral
        // Each co-op player's last snapshot, by player number (2…4 are read).
        var partnerSnapshots = [GamepadSnapshot](repeating: .neutral, count: PartyLimits.players + 1)
        while inputs.count < tickCount {
            let runStart = input.position
            let length = try input.varint()
            guard length >= 1, length <= UInt64(tickCount - inputs.count) else {
                throw input.error(at: runStart, "a run of \(length) ticks does not fit the \(tickCount)-tick recording")
            }
            let source = Int(try input.u8())
            guard source < sources.count else { throw input.error(at: runStart, "controller \(source) is not in the table of \(sources.count)") }
            let pressed = TickPresses(rawValue: try input.u8())
            try readChanges(into: &snapshot, from: &input)
            var partners: [PartnerInput] = []
            if version >= 3 {
                let countStart = input.position
                let count = Int(try input.u8())
                guard count < PartyLimits.players else {
                    throw input.error(at: countStart, "\(count) co-op players; at most \(PartyLimits.players - 1) join player 1")
                }
                partners.reserveCapacity(count)
                for _ in 0..<count {
                    let playerStart = input.position
                    let player = Int(try input.u8())
                    guard (2...PartyLimits.players).contains(player), player > (partners.last?.player ?? 1) else {
                        throw input.error(at: playerStart, "player \(player) is not 2–\(PartyLimits.players) in order")
                    }
                    let sourceStart = input.position
                    let source = Int(try input.u8())
                    guard source < sources.count || source == PartnerInput.noSource else {
                        throw input.error(at: sourceStart, "controller \(source) is not in the table of \(sources.count)")
                    }
                    let pressed = TickPresses(rawValue: try input.u8())
                    try readChanges(into: &partnerSnapshots[player], from: &input)
                    partners.append(PartnerInput(player: player, source: source, snapshot: partnerSnapshots[player], pressed: pressed))
                }
            }
            inputs.append(TickInput(source: source, snapshot: snapshot, pressed: pressed, partners: partners), count: Int(length))
        }
        var checksums: [Recording.Checksum] = []
        let checksumCountStart = input.position
        let checksumCount = try input.varint()
        // Each checksum takes at least 9 bytes (a 1-byte tick and 8 bytes of checksum).
        guard checksumCount <= UInt64(input.remaining / 9) else {
            throw input.error(at: checksumCountStart, "\(checksumCount) checksums do not fit in the \(input.remaining) bytes left")
        }
        for _ in 0..<checksumCount {
            let tickStart = input.position
            let tick = try input.varint()
            guard tick >= 1, tick <= UInt64(tickCount) else {
                throw input.error(at: tickStart, "a checksum at tick \(tick) lies outside the \(tickCount)-tick recording")
            }
            if let previous = checksums.last?.tick, Int(tick) <= previous {
                throw input.error(at: tickStart, "a checksum at tick \(tick) comes after one at tick \(previous)")
            }
            checksums.append(Recording.Checksum(tick: Int(tick), value: try input.u64()))
        }
        return Recording(gameVersion: game, levelName: level, levelSHA256: sha, tickRate: tickRate, assist: assist,
                         sources: sources, inputs: inputs, checksums: checksums)
    }

    /// A level name as a replay may name it: one file name in `Levels/` (without `.tmx`),
    /// never a path — no `/` or `\`, not `.` or `..` or hidden, no control characters.
    public static func isLevelName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\") else { return false }
        return !TerminalText.hasControlCharacter(name)
    }

    /// CRC-32 by system zlib, read in place (its length parameter is 32 bits; replays are at
    /// most ``ReplayLimits/fileBytes``).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: CZlib.crc32(0, $0.baseAddress, UInt32(clamping: $0.count))) }
    }

    static func littleEndian32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        bytes.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}

struct ByteWriter {
    var data: [UInt8] = []

    mutating func u8(_ v: UInt8) { data.append(v) }
    mutating func u16(_ v: UInt16) { for s in [0, 8] { data.append(UInt8(truncatingIfNeeded: v >> UInt16(s))) } }
    mutating func u32(_ v: UInt32) { for s in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: v >> UInt32(s))) } }
    mutating func u64(_ v: UInt64) { for s in stride(from: 0, to: 64, by: 8) { data.append(UInt8(truncatingIfNeeded: v >> UInt64(s))) } }
    mutating func bytes(_ b: [UInt8]) { data.append(contentsOf: b) }

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            data.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        data.append(UInt8(v))
    }

    /// At most 255 bytes of UTF-8, cut between characters (never inside one).
    mutating func string(_ s: String) {
        var utf8: [UInt8] = []
        for scalar in s.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            guard utf8.count + bytes.count <= 255 else { break }
            utf8 += bytes
        }
        u8(UInt8(utf8.count))
        bytes(utf8)
    }
}

struct ByteReader {
    let bytes: [UInt8]
    let file: String
    var position = 0
    private(set) var ranOut = false

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func error(at offset: Int, _ reason: String) -> ReplayError { ReplayError(file: file, offset: offset, reason: reason) }

    var remaining: Int { bytes.count - position }

    mutating func skip(_ count: Int) { position += count }

    /// Fails (and remembers that the file ran out) unless `count` more bytes are there.
    private mutating func need(_ count: Int) throws(ReplayError) {
        guard count <= bytes.count - position else {
            ranOut = true
            throw error(at: bytes.count, "truncated: the file ends in the middle of the run")
        }
    }

    mutating func bytes(_ count: Int) throws(ReplayError) -> [UInt8] {
        try need(count)
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    /// Read in place: a replay is mostly one-byte fields, and an array per field made decoding
    /// cost more than verifying.
    mutating func u8() throws(ReplayError) -> UInt8 {
        try need(1)
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() throws(ReplayError) -> UInt16 { try littleEndian() }
    mutating func u32() throws(ReplayError) -> UInt32 { try littleEndian() }
    mutating func u64() throws(ReplayError) -> UInt64 { try littleEndian() }

    private mutating func littleEndian<T: FixedWidthInteger & UnsignedInteger>() throws(ReplayError) -> T {
        let size = MemoryLayout<T>.size
        try need(size)
        var value: T = 0
        for offset in (0..<size).reversed() { value = value << 8 | T(bytes[position + offset]) }
        position += size
        return value
    }

    mutating func varint() throws(ReplayError) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let byte = try u8()
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        throw error(at: position, "a number longer than 64 bits")
    }

    mutating func string() throws(ReplayError) -> String {
        let length = Int(try u8())
        return String(decoding: try bytes(length), as: UTF8.self)
    }

    /// A string that must be UTF-8 as written (nil when it is not), never repaired with U+FFFD.
    mutating func utf8String() throws(ReplayError) -> String? {
        let length = Int(try u8())
        return String(validating: try bytes(length), as: UTF8.self)
    }
}
