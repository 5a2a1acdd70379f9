import FoundationEssentials
import CRename
import Glibc
import KoalioCore
import KoalioPackArchive
import KoalioUserData
import KoalioSystem
import KoalioUserFiles

/// `koalio --add-pack DIR|FILE.zip` and `--export-pack DIR OUT.zip`.
///
/// Adding checks the whole pack before anything is in place: its `pack.toml` is read and the
/// levels it names found among its files in memory, then the files are unpacked into a hidden
/// folder beside the shelf and every level loaded and solved (``LevelCheck``); one problem is
/// one line and nothing is left behind. A good pack is then
/// renamed into `levels/ID/` in one step (a pack of that id already there is replaced the same
/// way). Exporting zips a pack's folder under its id, written to a temporary name and renamed.
enum PackInstaller {
    /// What came of it: the lines to print and the exit status (0 done, 2 refused).
    struct Outcome {
        var lines: [String]
        var status: Int32
    }

    /// The files of a pack source and the pack's id: a folder's (walked) or a zip's (a single
    /// top folder is the pack's, and its name the id; else the zip's name without `.zip`).
    static func files(of source: String) throws(PackArchive.Failure) -> (id: String, entries: [PackArchive.Entry]) {
        let name = PathString.fileName(of: source)
        guard name.lowercased().hasSuffix(".zip") else {
            return (name, try folderFiles(source))
        }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(source, limit: PackArchive.Limits.zipBytes) } catch {
            throw PackArchive.Failure(file: source, reason: error.reason)
        }
        var entries = try PackArchive.entries(of: bytes, file: source)
        let tops = Set(entries.map { $0.path.split(separator: "/").first.map(String.init) ?? "" })
        if tops.count == 1, let top = tops.first, !entries.contains(where: { $0.path == PackManifest.fileName }),
           entries.allSatisfy({ $0.path.hasPrefix(top + "/") }) {
            for index in entries.indices { entries[index].path.removeFirst(top.count + 1) }
            return (top, entries)
        }
        return (String(name.dropLast(4)), entries)
    }

    /// Every file under `folder` (hidden ones left out), read within the zip's limits; a link
    /// or anything that is not a plain file is refused.
    static func folderFiles(_ folder: String) throws(PackArchive.Failure) -> [PackArchive.Entry] {
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: folder) else {
            throw PackArchive.Failure(file: folder, reason: "no such folder")
        }
        var entries: [PackArchive.Entry] = [], total = 0
        for path in paths.sorted() where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let full = folder + "/" + path
            var status = stat()
            guard lstat(full, &status) == 0 else { throw PackArchive.Failure(file: folder, entry: path, reason: "cannot be read") }
            if status.st_mode & S_IFMT == S_IFDIR { continue }
            guard status.st_mode & S_IFMT == S_IFREG else { throw PackArchive.Failure(file: folder, entry: path, reason: "is a link or a device, not a file") }
            guard PackArchive.isSafePath(path) else { throw PackArchive.Failure(file: folder, entry: path, reason: "is not a plain path inside the pack") }
            guard entries.count < PackArchive.Limits.entries else { throw PackArchive.Failure(file: folder, reason: "more than \(PackArchive.Limits.entries) files") }
            let bytes: [UInt8]
            do { bytes = try FileBytes.read(full, limit: PackArchive.Limits.entryBytes) } catch {
                throw PackArchive.Failure(file: folder, entry: path, reason: error.reason)
            }
            total += bytes.count
            guard total <= PackArchive.Limits.totalBytes else { throw PackArchive.Failure(file: folder, reason: "the files are over \(PackArchive.Limits.totalBytes >> 20) MiB in all") }
            entries.append(PackArchive.Entry(path: path, bytes: bytes))
        }
        return entries
    }

    /// Checks the pack at `source` and puts it on the shelf in `levels` (the player's).
    static func add(_ source: String, into levels: String) -> Outcome {
        let id: String, entries: [PackArchive.Entry]
        do { (id, entries) = try files(of: source) } catch { return Outcome(lines: [error.description], status: 2) }
        guard PackManifest.isPlainName(id) else {
            return Outcome(lines: ["\(source): '\(TerminalText.excerpt(id))' cannot name a pack (letters, digits, - and _ only)"], status: 2)
        }
        // A pack already on the shelf is not added over itself (its files would be replaced by
        // the copy just read from them, hidden ones lost).
        if let real = realpath(source, nil), let shelf = realpath(levels, nil) {
            defer { free(real); free(shelf) }
            if (String(cString: real) + "/").hasPrefix(String(cString: shelf) + "/") {
                return Outcome(lines: ["\(source): already on the shelf (\(levels)): --add-pack takes a pack from elsewhere"], status: 2)
            }
        }
        let manifest: PackManifest
        switch self.manifest(of: entries, source: source) {
        case let .success(read): manifest = read
        case let .failure(problems): return Outcome(lines: problems.lines + (problems.levelsMissing ? ["\(source): not added"] : []), status: 2)
        }
        let staging = levels + "/.\(id).adding-\(getpid())"
        defer { remove(staging) }
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            for entry in entries {
                let path = staging + "/" + entry.path
                try FileManager.default.createDirectory(atPath: PathString.directory(of: path), withIntermediateDirectories: true)
                try AtomicFile.write(entry.bytes, to: path)
            }
        } catch {
            return Outcome(lines: ["\(levels): cannot unpack the pack there: \(error)"], status: 2)
        }
        // Problems name the source's files, not the hidden folder they were checked in.
        func named(_ line: String) -> String { line.replacing(staging + "/", with: source + ": ") }
        let report = LevelCheck.run(manifest.levels.map { staging + "/" + $0 + ".tmx" })
        let problems = report.lines.filter { !$0.contains(": winnable in ") && !$0.contains(": warning: ") }.map(named)
        guard problems.isEmpty else { return Outcome(lines: problems + ["\(source): not added"], status: 2) }
        let destination = levels + "/" + id
        let replacing = FileManager.default.fileExists(atPath: destination)
        // One step either way: the new folder renamed in, or the two folders exchanged (the old
        // pack then leaves with the staging folder); a crash leaves one pack or the other.
        let placed = replacing ? koalio_rename_exchange(staging, destination) : rename(staging, destination)
        guard placed == 0 else {
            return Outcome(lines: ["\(destination): cannot be put in place: \(String(cString: strerror(errno)))"], status: 2)
        }
        let count = manifest.levels.count
        return Outcome(lines: ["\(replacing ? "replaced" : "added") \(manifest.title) (\(count) level\(count == 1 ? "" : "s")): \(destination); play it with --level \(id)/\(manifest.levels[0])"],
                       status: 0)
    }

    /// One line each for what makes `entries` no pack.
    struct Problems: Error {
        var lines: [String]
        /// The manifest read, levels it names missing (adding then says "not added" too).
        var levelsMissing = false
    }

    /// The manifest among a pack's `entries` (from `source`, as problems name it), and every
    /// level it names there: checked in memory, before anything is written.
    static func manifest(of entries: [PackArchive.Entry], source: String) -> Result<PackManifest, Problems> {
        guard let file = entries.first(where: { $0.path == PackManifest.fileName }) else {
            return .failure(Problems(lines: ["\(source): no \(PackManifest.fileName) (a pack is a folder with pack.toml and its levels)"]))
        }
        let manifest: PackManifest
        do { manifest = try PackManifest.decode(file.bytes, file: "\(source): \(PackManifest.fileName)") } catch {
            return .failure(Problems(lines: [error.description]))
        }
        let missing = manifest.levels.filter { level in !entries.contains { $0.path == level + ".tmx" } }
        guard missing.isEmpty else {
            return .failure(Problems(lines: missing.map { "\(source): \($0).tmx: no such file (pack.toml names it)" }, levelsMissing: true))
        }
        return .success(manifest)
    }

    /// Zips the pack in `folder` (its manifest read, its levels there) as `ID/…` into `output`.
    static func export(_ folder: String, to output: String) -> Outcome {
        let id = PathString.fileName(of: PathString.lexicallyNormal(folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder))
        guard PackManifest.isPlainName(id) else {
            return Outcome(lines: ["\(folder): '\(TerminalText.excerpt(id))' cannot name a pack (letters, digits, - and _ only)"], status: 2)
        }
        let entries: [PackArchive.Entry]
        do { entries = try folderFiles(folder) } catch { return Outcome(lines: [error.description], status: 2) }
        if case let .failure(problems) = manifest(of: entries, source: folder) { return Outcome(lines: problems.lines, status: 2) }
        let partial = output + ".partial-\(getpid())"
        defer { unlink(partial) }
        do { try PackArchive.write(entries.map { PackArchive.Entry(path: id + "/" + $0.path, bytes: $0.bytes) }, to: partial) } catch {
            return Outcome(lines: [error.description], status: 2)
        }
        guard rename(partial, output) == 0 else { return Outcome(lines: ["\(output): \(String(cString: strerror(errno)))"], status: 2) }
        return Outcome(lines: ["wrote \(output): \(entries.count) files"], status: 0)
    }

    private static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }
}
