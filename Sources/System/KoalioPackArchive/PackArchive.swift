import CMinizip
import CZipMemory
import KoalioCore

/// A level pack's files as a zip: read from memory with every entry checked against
/// ``Limits`` before it is inflated (a zip is a stranger's file: a bomb, a path out of the
/// pack, a link, thousands of entries), and written from a folder's files.
public enum PackArchive {
    /// What a pack's zip may hold.
    public enum Limits {
        /// The zip file itself.
        public static let zipBytes = 256 << 20
        public static let entries = 2048
        /// One file, inflated (a level file's own limit).
        public static let entryBytes = 64 << 20
        /// Every file, inflated.
        public static let totalBytes = 256 << 20
        /// How much an entry may inflate: more is a zip bomb (text maps reach about 30:1).
        public static let ratio = 200
        /// A path inside the pack, in bytes.
        public static let nameBytes = 255
    }

    /// One file of a pack: its path inside the pack (`/`-separated, checked) and its bytes.
    public struct Entry: Equatable, Sendable {
        public var path: String
        public var bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// Why a zip cannot be a pack's: one line with the zip and, where there is one, the entry.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var entry: String?
        public var reason: String

        public init(file: String, entry: String? = nil, reason: String) {
            self.file = file
            self.entry = entry
            self.reason = reason
        }

        public var description: String {
            "\(file)" + (entry.map { ": \(TerminalText.excerpt($0))" } ?? "") + ": \(reason)"
        }
    }

    /// A path safe to write under the pack's folder: relative, no `..`, `.` or empty step, no
    /// backslash or control character, nothing hidden but what Tiled writes.
    public static func isSafePath(_ path: String) -> Bool {
        guard !path.isEmpty, path.utf8.count <= Limits.nameBytes, !path.hasPrefix("/"), !path.contains("\\") else { return false }
        guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { step in
            !step.isEmpty && step != "." && step != ".." && !step.hasPrefix(".")
        }
    }

    /// The files of the zip `bytes` (named `file` in problems), directories left out.
    public static func entries(of bytes: [UInt8], file: String) throws(Failure) -> [Entry] {
        guard bytes.count <= Limits.zipBytes else { throw Failure(file: file, reason: "the zip is over \(Limits.zipBytes >> 20) MiB") }
        return try bytes.withUnsafeBufferPointer { buffer throws(Failure) -> [Entry] in
            var memory = koalio_zip_memory(data: buffer.baseAddress, size: buffer.count, position: 0)
            guard let zip = koalio_zip_open_memory(&memory) else { throw Failure(file: file, reason: "not a zip file") }
            defer { unzClose(zip) }
            var global = unz_global_info64()
            guard unzGetGlobalInfo64(zip, &global) == UNZ_OK else { throw Failure(file: file, reason: "not a zip file (no central directory)") }
            guard global.number_entry <= UInt64(Limits.entries) else {
                throw Failure(file: file, reason: "more than \(Limits.entries) entries")
            }
            var entries: [Entry] = [], seen = Set<String>(), total = 0, walked = 0
            var status = unzGoToFirstFile(zip)
            while status == UNZ_OK {
                // Every entry counts, directories too: the directory's own count may lie.
                walked += 1
                guard walked <= Limits.entries else { throw Failure(file: file, reason: "more than \(Limits.entries) entries") }
                if let entry = try readCurrent(zip, file: file, total: &total) {
                    guard seen.insert(entry.path).inserted else { throw Failure(file: file, entry: entry.path, reason: "is in the zip twice") }
                    entries.append(entry)
                }
                status = unzGoToNextFile(zip)
            }
            guard status == UNZ_END_OF_LIST_OF_FILE else { throw Failure(file: file, reason: "the zip's directory is damaged") }
            return entries
        }
    }

    /// The entry the zip is on, read and checked; nil for a directory.
    private static func readCurrent(_ zip: unzFile, file: String, total: inout Int) throws(Failure) -> Entry? {
        var info = unz_file_info64()
        var name = [CChar](repeating: 0, count: Limits.nameBytes + 2)
        guard unzGetCurrentFileInfo64(zip, &info, &name, uLong(name.count), nil, 0, nil, 0) == UNZ_OK else {
            throw Failure(file: file, reason: "the zip's directory is damaged")
        }
        guard info.size_filename <= UInt(Limits.nameBytes) else { throw Failure(file: file, reason: "an entry's name is over \(Limits.nameBytes) bytes") }
        let nameBytes = name.prefix(Int(info.size_filename)).map { UInt8(bitPattern: $0) }
        guard let path = String(validating: nameBytes, as: UTF8.self) else { throw Failure(file: file, reason: "an entry's name is not UTF-8") }
        if path.hasSuffix("/") && info.uncompressed_size == 0 { return nil }  // a directory
        guard isSafePath(path) else { throw Failure(file: file, entry: path, reason: "is not a plain path inside the pack (no /, .. or hidden steps)") }
        // Made on Unix (high byte of version_made_by is 3): the mode is in the external attributes.
        let unixMode = (info.version >> 8) == 3 ? (info.external_fa >> 16) & 0o170000 : 0
        guard unixMode == 0 || unixMode == 0o100000 else { throw Failure(file: file, entry: path, reason: "is a link or a device, not a file") }
        guard info.flag & 1 == 0 else { throw Failure(file: file, entry: path, reason: "is encrypted") }
        guard info.uncompressed_size <= UInt64(Limits.entryBytes) else {
            throw Failure(file: file, entry: path, reason: "is over \(Limits.entryBytes >> 20) MiB")
        }
        let size = Int(info.uncompressed_size)
        // In 64 bits unsigned: a zip64 field may say any compressed size at all.
        guard info.uncompressed_size <= max(1, min(info.compressed_size, UInt64(Limits.entryBytes))) * UInt64(Limits.ratio) || size <= 1 << 16 else {
            throw Failure(file: file, entry: path, reason: "inflates over \(Limits.ratio) times (a zip bomb?)")
        }
        total += size
        guard total <= Limits.totalBytes else { throw Failure(file: file, reason: "the files are over \(Limits.totalBytes >> 20) MiB in all") }
        guard unzOpenCurrentFile(zip) == UNZ_OK else { throw Failure(file: file, entry: path, reason: "cannot be read (an unknown compression?)") }
        var bytes = [UInt8](repeating: 0, count: size + 1)  // one more: an entry longer than it says is caught
        let read = bytes.withUnsafeMutableBytes { unzReadCurrentFile(zip, $0.baseAddress, UInt32($0.count)) }
        let closed = unzCloseCurrentFile(zip)  // checks the CRC once the whole entry was read
        guard read == Int32(size), closed == UNZ_OK else { throw Failure(file: file, entry: path, reason: "is damaged (its size or CRC is wrong)") }
        bytes.removeLast()
        return Entry(path: path, bytes: bytes)
    }

    /// Writes `entries` as a zip at `path` (deflated, under their paths), replacing nothing:
    /// the caller writes to a temporary name and renames.
    public static func write(_ entries: [Entry], to path: String) throws(Failure) {
        guard let zip = zipOpen64(path, APPEND_STATUS_CREATE) else { throw Failure(file: path, reason: "cannot be created") }
        var closed = false
        defer { if !closed { zipClose(zip, nil) } }
        for entry in entries {
            var info = zip_fileinfo()
            info.tmz_date.tm_year = 1980  // one fixed date: the same pack makes the same zip
            info.tmz_date.tm_mday = 1
            info.external_fa = 0o100644 << 16  // a plain file, rw-r--r--
            guard zipOpenNewFileInZip64(zip, entry.path, &info, nil, 0, nil, 0, nil, Z_DEFLATED, Z_DEFAULT_COMPRESSION, entry.bytes.count >= 0xFFFF_FFFF ? 1 : 0) == ZIP_OK else {
                throw Failure(file: path, entry: entry.path, reason: "cannot be added")
            }
            let written = entry.bytes.withUnsafeBytes { zipWriteInFileInZip(zip, $0.baseAddress, UInt32($0.count)) }
            guard written == ZIP_OK, zipCloseFileInZip(zip) == ZIP_OK else { throw Failure(file: path, entry: entry.path, reason: "cannot be written") }
        }
        closed = true
        guard zipClose(zip, nil) == ZIP_OK else { throw Failure(file: path, reason: "cannot be finished") }
    }
}
