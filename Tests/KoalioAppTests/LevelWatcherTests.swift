import Foundation
@testable import KoalioApp
@testable import KoalioFlow
import KoalioTestSupport
import XCTest

/// inotify on the level's folder: a save (a new file renamed over the old, as editors save) is
/// seen at once; other files in the folder are not changes.
final class LevelWatcherTests: XCTestCase {
    func testASaveIsSeenAndOtherFilesAreNot() throws {
        let folder = try Scratch.directory().path
        let level = folder + "/my.tmx"
        try "one".write(toFile: level, atomically: false, encoding: .utf8)
        let watcher = try XCTUnwrap(LevelWatcher())
        watcher.watch([level])
        XCTAssertFalse(watcher.takeChanges(), "nothing yet")
        try "other".write(toFile: folder + "/notes.txt", atomically: false, encoding: .utf8)
        XCTAssertFalse(watcher.waitForChange(seconds: 0.2), "another file in the folder")
        try "two".write(toFile: level, atomically: true, encoding: .utf8)  // a temporary file renamed over it
        XCTAssertTrue(watcher.waitForChange(seconds: 1), "the save, within a second")
        XCTAssertFalse(watcher.takeChanges(), "read once")
        try FileManager.default.removeItem(atPath: level)
        XCTAssertTrue(watcher.waitForChange(seconds: 1), "deleting it is a change too")
    }
}
