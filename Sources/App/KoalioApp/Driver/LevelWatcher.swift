import Glibc

/// Tells when a level's files change on disk (`--watch`): inotify on the folders holding the
/// level, its tilesets and its images. Folders, not the files: editors save by writing a new
/// file and renaming it over the old one, which a watch on the old file would not see.
///
/// Reading it never blocks (the loop asks once a frame); ``waitForChange(seconds:)`` blocks on
/// the descriptor for tests and tools. No polling of the files themselves.
final class LevelWatcher {
    private let descriptor: Int32
    /// Watched folders by watch descriptor.
    private var folders: [Int32: String] = [:]
    /// The files that matter, by folder: their names.
    private var names: [String: Set<String>] = [:]

    /// inotify's event kinds that change a file's contents or its presence.
    private static let changes: UInt32 = 0x8 /* IN_CLOSE_WRITE */ | 0x40 /* IN_MOVED_FROM */ | 0x80 /* IN_MOVED_TO */
        | 0x100 /* IN_CREATE */ | 0x200 /* IN_DELETE */

    /// Nil when inotify cannot be used (the game then plays without watching, and says so).
    init?() {
        let descriptor = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Watches these files from now on (the level's, after each reload: its tilesets may change).
    func watch(_ files: [String]) {
        names = [:]
        for file in files {
            let slash = file.lastIndex(of: "/")
            let folder = slash.map { String(file[..<$0]) } ?? "."
            let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
            names[folder.isEmpty ? "/" : folder, default: []].insert(name)
        }
        for folder in names.keys where !folders.values.contains(folder) {
            let watch = inotify_add_watch(descriptor, folder, Self.changes)
            if watch >= 0 { folders[watch] = folder }
        }
    }

    /// Whether a watched file changed since the last call: every pending event is read.
    func takeChanges() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            var offset = 0
            // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
            while offset + 16 <= count {
                func word(_ at: Int) -> UInt32 { buffer[(offset + at)..<(offset + at + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) } }
                let watch = Int32(bitPattern: word(0)), length = Int(word(12))
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let folder = folders[watch], names[folder]?.contains(name) == true { changed = true }
                offset += 16 + length
            }
        }
    }

    /// Blocks until a watched file changes or `seconds` pass; whether one changed.
    func waitForChange(seconds: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Double(deadline.tv_sec) + Double(deadline.tv_nsec) / 1e9 + seconds
        while true {
            if takeChanges() { return true }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            guard left > 0 else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, Int32(left * 1000) + 1)
        }
    }
}
