import Foundation
import Glibc
import KoalioCore
import KoalioTestSupport
import XCTest
import KoalioSystem

/// A save never writes over what koalio could not read, follows links, and leaves special
/// files alone (``ProtectedFile``).
final class ProtectedFileTests: XCTestCase {
    let good: ([UInt8]) -> Bool = { $0.starts(with: Array("good".utf8)) }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    func testAGoodFileIsReplacedAndAMissingOneMadeWithItsFolder() throws {
        let dir = try Scratch.directory().path
        let path = dir + "/a/b/file"
        XCTAssertNil(try ProtectedFile.write(Array("good 1".utf8), to: path, limit: 100, isGood: good))
        XCTAssertNil(try ProtectedFile.write(Array("good 2".utf8), to: path, limit: 100, isGood: good))
        XCTAssertEqual(try contents(path), "good 2")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".damaged"))
    }

    func testAFileThatDoesNotReadBackOrIsTooLargeIsKeptAsideWhole() throws {
        let dir = try Scratch.directory().path
        let path = dir + "/file"
        try "bad bytes".write(toFile: path, atomically: false, encoding: .utf8)
        let warning = try ProtectedFile.write(Array("good".utf8), to: path, limit: 100, isGood: good)
        XCTAssertEqual(warning, "\(path): had problems; kept as \(path).damaged, a new file written")
        XCTAssertEqual(try contents(path + ".damaged"), "bad bytes")
        XCTAssertEqual(try contents(path), "good")

        try String(repeating: "good", count: 100).write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertNotNil(try ProtectedFile.write(Array("good".utf8), to: path, limit: 100, isGood: good))
        XCTAssertEqual(try contents(path + ".damaged-2").count, 400, "too large to check: kept, never over the first")
        XCTAssertEqual(try contents(path + ".damaged"), "bad bytes")
    }

    /// A file that cannot be opened now (this process's file table full: EMFILE) is no damaged
    /// file: the save fails with the reason, the file stays as it was and nothing is kept aside;
    /// once a descriptor is free the save goes through.
    func testAFileThatCannotBeOpenedNowIsLeftAsItWasAndTheSaveFails() throws {
        let dir = try Scratch.directory().path
        let path = dir + "/progress.toml"
        try "good old".write(toFile: path, atomically: false, encoding: .utf8)
        var limit = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)
        let saved = limit
        var held: [Int32] = []
        do {
            defer {
                for fd in held { close(fd) }
                var back = saved
                setrlimit(Int32(RLIMIT_NOFILE.rawValue), &back)
            }
            // A small soft limit, then descriptors taken until there are none left.
            limit.rlim_cur = rlim_t(min(Int(saved.rlim_cur), 4096))
            XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)
            while true {
                let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { break }
                held.append(fd)
            }
            XCTAssertEqual(errno, EMFILE, "the table is full")
            XCTAssertThrowsError(try ProtectedFile.write(Array("good new".utf8), to: path, limit: 100, isGood: good)) { error in
                XCTAssertTrue("\(error)".contains("Too many open files"), "\(error)")
            }
        }
        XCTAssertEqual(try contents(path), "good old", "left as it was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".damaged"), "nothing kept aside")
        XCTAssertNil(try ProtectedFile.write(Array("good new".utf8), to: path, limit: 100, isGood: good))
        XCTAssertEqual(try contents(path), "good new")
    }

    /// A settings file kept in a dotfiles folder and linked into place stays a link, and the
    /// dotfiles copy gets the new contents; a damaged one is kept beside its target.
    func testALinkIsWrittenThroughAndStaysALink() throws {
        let dir = try Scratch.directory().path
        try FileManager.default.createDirectory(atPath: dir + "/dotfiles", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/config", withIntermediateDirectories: true)
        try "good old".write(toFile: dir + "/dotfiles/settings.toml", atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("../dotfiles/settings.toml", dir + "/config/settings.toml"), 0)
        XCTAssertNil(try ProtectedFile.write(Array("good new".utf8), to: dir + "/config/settings.toml", limit: 100, isGood: good))
        XCTAssertTrue(isLink(dir + "/config/settings.toml"), "still a link")
        XCTAssertEqual(try contents(dir + "/dotfiles/settings.toml"), "good new")

        try "broken".write(toFile: dir + "/dotfiles/settings.toml", atomically: false, encoding: .utf8)
        let warning = try ProtectedFile.write(Array("good again".utf8), to: dir + "/config/settings.toml", limit: 100, isGood: good)
        XCTAssertEqual(warning?.contains("kept as \(dir)/config/../dotfiles/settings.toml.damaged"), true, warning ?? "")
        XCTAssertEqual(try contents(dir + "/dotfiles/settings.toml.damaged"), "broken")
        XCTAssertTrue(isLink(dir + "/config/settings.toml"))
        XCTAssertEqual(try contents(dir + "/dotfiles/settings.toml"), "good again")
    }

    func testALinkLoopIsKeptAsideAndAPlainFileWritten() throws {
        let dir = try Scratch.directory().path
        XCTAssertEqual(symlink(dir + "/b", dir + "/a"), 0)
        XCTAssertEqual(symlink(dir + "/a", dir + "/b"), 0)
        let warning = try ProtectedFile.write(Array("good".utf8), to: dir + "/a", limit: 100, isGood: good)
        XCTAssertEqual(warning, "\(dir)/a: a link that cannot be followed; kept as \(dir)/a.damaged, a new file written")
        XCTAssertTrue(isLink(dir + "/a.damaged"), "the link itself is kept")
        XCTAssertFalse(isLink(dir + "/a"))
        XCTAssertEqual(try contents(dir + "/a"), "good")
    }

    /// A FIFO (opening it would block) and a link to a device are never opened nor replaced.
    func testSpecialFilesAreLeftAloneAndTheDataGoesBesideThem() throws {
        let dir = try Scratch.directory().path
        XCTAssertEqual(mkfifo(dir + "/fifo", 0o600), 0)
        let warning = try ProtectedFile.write(Array("good".utf8), to: dir + "/fifo", limit: 100, isGood: good)
        XCTAssertEqual(warning, "\(dir)/fifo: is not a regular file, so it is left as it is; saved to \(dir)/fifo.new instead")
        var info = stat()
        XCTAssertEqual(lstat(dir + "/fifo", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still the FIFO")
        XCTAssertEqual(try contents(dir + "/fifo.new"), "good")

        XCTAssertEqual(symlink("/dev/zero", dir + "/zero"), 0)
        XCTAssertNotNil(try ProtectedFile.write(Array("good".utf8), to: dir + "/zero", limit: 100, isGood: good))
        XCTAssertTrue(isLink(dir + "/zero"))
        XCTAssertEqual(try contents(dir + "/zero.new"), "good")
    }
}
