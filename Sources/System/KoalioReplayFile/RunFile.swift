import KoalioReplay
import KoalioSystem

/// The `.koaliorun` file: a speedrun recorded whole, every level recording in the order played,
/// each a complete `.koalioreplay` (its own CRC, its level's digest). All integers little-endian.
///
///     magic      8 bytes  "KOALIORN"
///     version    u16      1
///     category   str      the category's name (u8 length + UTF-8)
///     segments   u16 count, then each: u32 length, then that many bytes: a `.koalioreplay`
///     crc        u32      CRC-32 of every byte before it
public enum RunFile {
    public static let magic = Array("KOALIORN".utf8)
    public static let version: UInt16 = 1
    public static let fileExtension = "koaliorun"
    /// Every try of every level is a recording: as many as the count's 16 bits hold (the file's
    /// size limit comes first for a long run).
    public static let segmentsLimit = 65_535

    public static func encode(_ run: RunRecording) -> [UInt8] {
        var out = ByteWriter()
        out.bytes(magic)
        out.u16(version)
        out.string(run.category)
        out.u16(UInt16(clamping: min(run.segments.count, segmentsLimit)))
        for segment in run.segments.prefix(segmentsLimit) {
            let bytes = ReplayFile.encode(segment)
            out.u32(UInt32(clamping: bytes.count))
            out.bytes(bytes)
        }
        out.u32(ReplayFile.crc32(out.data[...]))
        return out.data
    }

    /// Whether `bytes` start as a run file (not a single level's replay).
    public static func isRunFile(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    public static func decode(_ bytes: [UInt8], file: String) throws(ReplayError) -> RunRecording {
        guard isRunFile(bytes) else { throw ReplayError(file: file, reason: "not a koalio run (no KOALIORN header)") }
        guard bytes.count <= ReplayLimits.fileBytes else {
            throw ReplayError(file: file, reason: "\(ByteCount.text(bytes.count)) is more than the \(ByteCount.text(ReplayLimits.fileBytes)) a run may be")
        }
        var input = ByteReader(bytes: bytes, file: file)
        input.skip(magic.count)
        let found = try input.u16()
        guard found == version else { throw ReplayError(file: file, offset: magic.count, reason: "run format version \(found), not \(version)") }
        guard bytes.count >= 4, ReplayFile.crc32(bytes.dropLast(4)) == ReplayFile.littleEndian32(bytes.suffix(4)) else {
            throw ReplayError(file: file, reason: "damaged or truncated: the file's CRC-32 does not match its contents")
        }
        guard let category = try input.utf8String() else { throw ReplayError(file: file, offset: magic.count + 2, reason: "the category's name is not UTF-8") }
        let count = Int(try input.u16())
        guard (1...segmentsLimit).contains(count) else {
            throw ReplayError(file: file, offset: input.position - 2, reason: "\(count) recordings: a run has 1 to \(segmentsLimit)")
        }
        var segments: [Recording] = []
        for index in 0..<count {
            let start = input.position
            let length = Int(try input.u32())
            guard length <= input.remaining - 4 else { throw ReplayError(file: file, offset: start, reason: "recording \(index + 1) runs past the end") }
            do {
                segments.append(try ReplayFile.decode(try input.bytes(length), file: file))
            } catch {
                throw ReplayError(file: file, offset: start + 4 + (error.offset ?? 0), reason: "recording \(index + 1): \(error.reason)")
            }
        }
        guard input.position == bytes.count - 4 else { throw ReplayError(file: file, offset: input.position, reason: "unexpected data after the recordings") }
        return RunRecording(category: category, segments: segments)
    }
}
