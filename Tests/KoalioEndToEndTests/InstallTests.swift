import Foundation
import KoalioTestSupport
import XCTest

/// `make install`'s layout, staged into a scratch DESTDIR as a packager would: the data, the
/// desktop entry (validated where it lands), the icons at their sizes, the metainfo; and
/// `make uninstall` takes every file back out.
final class InstallTests: XCTestCase {
    static let iconSizes = [16, 22, 24, 32, 48, 64, 128, 256]

    func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Shell.run((["make", "--no-print-directory", "-C", Repository.root] + arguments).map(Shell.quoted).joined(separator: " "))
    }

    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], path)
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    func testInstallLaysOutDesktopEntryIconsAndMetainfoAndUninstallRemovesThem() throws {
        let stage = try Scratch.directory().path
        let install = try make(["install-data", "DESTDIR=\(stage)", "PREFIX=/usr"])
        XCTAssertEqual(install.status, 0, install.output)
        let share = stage + "/usr/share"
        let fm = FileManager.default
        XCTAssertTrue(fm.fileExists(atPath: share + "/koalio/Resources/koala.png"))
        XCTAssertTrue(fm.fileExists(atPath: share + "/koalio/Levels/level1.tmx"))
        for size in Self.iconSizes {
            let (w, h) = try pngSize(share + "/icons/hicolor/\(size)x\(size)/apps/koalio.png")
            XCTAssertEqual([w, h], [size, size], "the \(size) px icon")
        }
        let desktop = try String(contentsOfFile: share + "/applications/koalio.desktop", encoding: .utf8)
        let entries = Dictionary(desktop.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(entries["Exec"], "koalio", "the binary make install puts on PATH")
        XCTAssertEqual(entries["Icon"], "koalio", "the icons' name")
        XCTAssertTrue(entries["Categories"]?.split(separator: ";").contains("Game") ?? false)
        let metainfo = try String(contentsOfFile: share + "/metainfo/koalio.metainfo.xml", encoding: .utf8)
        XCTAssertTrue(metainfo.contains("<launchable type=\"desktop-id\">koalio.desktop</launchable>"))
        let validate = try Shell.run("desktop-file-validate " + Shell.quoted(share + "/applications/koalio.desktop"))
        XCTAssertEqual(validate.status, 0, "the installed entry validates: \(validate.output)")

        let uninstall = try make(["uninstall", "DESTDIR=\(stage)", "PREFIX=/usr"])
        XCTAssertEqual(uninstall.status, 0, uninstall.output)
        let left = fm.enumerator(atPath: stage)?.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: stage + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        } ?? []
        XCTAssertEqual(left, [], "uninstall leaves no file behind")
    }
}
