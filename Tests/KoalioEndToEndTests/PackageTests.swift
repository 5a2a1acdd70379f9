import Foundation
import KoalioTestSupport
import XCTest

/// What a player who never builds anything gets: the release binary, the Debian package and the
/// portable archive (`make test` makes all three first), each run with the Swift toolchain
/// hidden in a private mount namespace, so nothing of it can be reached at run time.
final class PackageTests: XCTestCase {
    static let repository = Repository.root

    /// The version as the Makefile reads it: the one place it is written.
    static var version: String {
        get throws {
            let source = try String(contentsOfFile: repository + "/Sources/App/KoalioApp/Game.swift", encoding: .utf8)
            let line = try XCTUnwrap(source.split(separator: "\n").first { $0.contains("static let version = \"") })
            return String(try XCTUnwrap(line.split(separator: "\"").dropFirst().first))
        }
    }

    /// The toolchain's folder: three levels above `swift` on PATH (`/opt/swift/usr/bin/swift`).
    static var toolchain: String {
        get throws {
            let found = try Shell.run("command -v swift")
            let swift = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(found.status, 0, "swift is on PATH")
            return URL(fileURLWithPath: swift).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        }
    }

    /// Runs `binary` (with `arguments`, already quoted) where the toolchain's folder is an empty
    /// one: a mount namespace of its own (`unshare -m`), so only this command sees it so.
    func runWithoutToolchain(_ binary: String, _ arguments: String, in directory: String = PackageTests.repository) throws -> (status: Int32, output: String) {
        guard getuid() == 0 else { throw XCTSkip("hiding the toolchain needs root (unshare -m, mount --bind); CI runs as root") }
        let empty = try Scratch.directory().path, toolchain = try Self.toolchain
        let hidden = "mount --bind \(Shell.quoted(empty)) \(Shell.quoted(toolchain)) && test ! -e \(Shell.quoted(toolchain + "/usr/bin/swift"))"
        return try Shell.run("unshare -m sh -c \(Shell.quoted("\(hidden) && exec \(Shell.quoted(binary)) \(arguments)"))", in: directory)
    }

    /// Level 1 won headless from the keyboard script; returns the run's output.
    func winLevel1(_ binary: String, extra: String = "") throws -> String {
        let trace = try Scratch.directory().path + "/trace.jsonl"
        let keys = Self.repository + "/Tests/Fixtures/level1-win.keys"
        let run = try runWithoutToolchain(binary, "--level level1 --headless --ticks 2300 --input-script \(Shell.quoted(keys)) --trace \(Shell.quoted(trace)) \(extra)")
        XCTAssertEqual(run.status, 0, run.output)
        let lines = try String(contentsOfFile: trace, encoding: .utf8)
        XCTAssertTrue(lines.contains("\"state\":\"won\""), "\(binary) wins level 1 with the toolchain hidden")
        return run.output
    }

    func file(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: `make test` builds it (make build, make deb, make tarball)")
            throw XCTSkip("nothing to check")
        }
        return path
    }

    // MARK: - The release binary

    func testTheReleaseBinaryNeedsNoToolchain() throws {
        let binary = try file(Self.repository + "/.build/release/koalio")
        let ldd = try Shell.run("ldd \(Shell.quoted(binary))")
        XCTAssertEqual(ldd.status, 0, ldd.output)
        XCTAssertFalse(ldd.output.contains(try Self.toolchain), "ldd names nothing of the toolchain: \(ldd.output)")
        XCTAssertFalse(ldd.output.contains("libswift") || ldd.output.contains("libFoundation") || ldd.output.contains("libicu"),
                       ldd.output)
        _ = try winLevel1(binary, extra: "--data-dir \(Shell.quoted(Self.repository))")
    }

    // MARK: - The Debian package

    func testTheDebianPackageInstallsAndRunsFromItsStagingRoot() throws {
        let version = try Self.version
        let deb = try file(Self.repository + "/dist/koalio_\(version)_amd64.deb")
        let field = { (name: String) throws -> String in
            try Shell.run("dpkg-deb -f \(Shell.quoted(deb)) \(name)").output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try field("Package"), "koalio")
        XCTAssertEqual(try field("Version"), version, "the version from Game.swift")
        XCTAssertEqual(try field("Section"), "games")
        XCTAssertTrue(try field("Depends").contains("libvorbisfile3"), "the music's decoder, linked (koalio mixes its own sound)")
        XCTAssertEqual(try field("Recommends"), "", "nothing is opened at run time")

        let root = try Scratch.directory().path
        let unpack = try Shell.run("dpkg -x \(Shell.quoted(deb)) \(Shell.quoted(root))")
        XCTAssertEqual(unpack.status, 0, unpack.output)
        let fm = FileManager.default
        for path in ["usr/games/koalio", "usr/share/games/koalio/Resources/koala.png", "usr/share/games/koalio/Levels/level1.tmx",
                     "usr/share/applications/koalio.desktop", "usr/share/metainfo/koalio.metainfo.xml",
                     "usr/share/icons/hicolor/256x256/apps/koalio.png", "usr/share/man/man6/koalio.6.gz",
                     "usr/share/doc/koalio/copyright", "usr/share/doc/koalio/changelog.gz",
                     "usr/share/locale/de/LC_MESSAGES/koalio.mo", "usr/share/locale/ja/LC_MESSAGES/koalio.mo",
                     "usr/share/locale/ar/LC_MESSAGES/koalio.mo", "usr/share/locale/pt_BR/LC_MESSAGES/koalio.mo"] {
            XCTAssertTrue(fm.fileExists(atPath: root + "/" + path), "the package holds \(path)")
        }
        let metainfo = try String(contentsOfFile: root + "/usr/share/metainfo/koalio.metainfo.xml", encoding: .utf8)
        XCTAssertTrue(metainfo.contains("<release version=\"\(version)\""), "the metainfo's newest release is \(version)")
        let desktop = try String(contentsOfFile: root + "/usr/share/applications/koalio.desktop", encoding: .utf8)
        XCTAssertTrue(desktop.contains("\nStartupWMClass=koalio\n"), "docks match the window to the entry")
        XCTAssertTrue(desktop.contains("\nComment[de]=") && desktop.contains("\nGenericName[ja]="), "the menu entry speaks every language")
        XCTAssertTrue(metainfo.contains("<summary xml:lang=\"ar\">"), "so does the software centre's page")

        // Every library the binary needs comes from a package it depends on.
        let binary = root + "/usr/games/koalio"
        let depends = Set(try field("Depends").split(separator: ",").compactMap {
            $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
        })
        let needed = try Shell.run("objdump -p \(Shell.quoted(binary)) | awk '/NEEDED/ { print $2 }'").output
            .split(separator: "\n").map(String.init)
        XCTAssertTrue(needed.contains("libSDL2-2.0.so.0"), needed.description)
        for library in needed {
            let owner = try Shell.run("dpkg -S '*/x86_64-linux-gnu/\(library)' | head -n 1 | cut -d: -f1")
            let package = owner.output.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue(depends.contains(package), "\(library) is provided by \(package), which Depends names (\(depends))")
        }
        let output = try winLevel1(binary)
        XCTAssertFalse(output.contains("koalio: "), "no warning from the installed layout: \(output)")
    }

    // MARK: - The portable archive

    func testTheArchiveRunsWhereItIsUnpackedEvenInAPathWithSpaces() throws {
        let version = try Self.version
        let tarball = try file(Self.repository + "/dist/koalio-\(version)-linux-x86_64.tar.gz")
        let place = try Scratch.directory().path + "/my games"
        try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
        let unpack = try Shell.run("tar -xzf \(Shell.quoted(tarball)) -C \(Shell.quoted(place))")
        XCTAssertEqual(unpack.status, 0, unpack.output)
        let top = place + "/koalio"
        for path in ["bin/koalio", "share/koalio/Resources/koala.png", "share/applications/koalio.desktop", "README", "COPYRIGHT",
                     "share/locale/fr/LC_MESSAGES/koalio.mo"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: top + "/" + path), "the archive holds koalio/\(path)")
        }
        // Only the libraries a Debian 12 desktop has (and the C and C++ runtimes), as the archive's README lists them.
        let needed = try Shell.run("objdump -p \(Shell.quoted(top + "/bin/koalio")) | awk '/NEEDED/ { print $2 }'").output.split(separator: "\n")
        let desktop: Set<Substring> = ["libSDL2-2.0.so.0", "libvorbisfile.so.3", "libqrencode.so.4", "libpng16.so.16", "libz.so.1", "libfribidi.so.0", "libm.so.6",
                                       "libstdc++.so.6", "libgcc_s.so.1", "libc.so.6", "ld-linux-x86-64.so.2", "libsodium.so.23"]
        XCTAssertEqual(Set(needed).subtracting(desktop), [],
                       "libraries beyond SDL2, libvorbisfile, libqrencode, libpng, zlib, FriBidi, libsodium and the C/C++ runtimes (libnice and libstrophe are loaded when needed)")
        _ = try winLevel1(top + "/bin/koalio")
        // Its translations found beside it, wherever it is unpacked.
        let said = try runWithoutToolchain(top + "/bin/koalio", "--verbose --level level1 --headless --ticks 1", in: place)
        XCTAssertTrue(said.output.contains("catalogues for ar, de, es, fr, ja, pt_BR in " + top + "/share/locale"), said.output)

        // Its data gone: one line naming where it looked (run from elsewhere: the current
        // folder is looked in too).
        try FileManager.default.removeItem(atPath: top + "/share/koalio")
        let lost = try runWithoutToolchain(top + "/bin/koalio", "--level level1 --headless --ticks 5", in: place)
        XCTAssertEqual(lost.status, 2, lost.output)
        XCTAssertTrue(lost.output.contains("looked in \(top)/share/koalio"), lost.output)
        XCTAssertEqual(lost.output.filter { $0 == "\n" }.count, 1, "one line: \(lost.output)")
    }

    // MARK: - One version, one manual

    func testTheVersionIsWrittenOnceAndTheManualListsEveryOption() throws {
        let version = try Self.version
        let metainfo = try String(contentsOfFile: Self.repository + "/dist/koalio.metainfo.xml", encoding: .utf8)
        let firstRelease = try XCTUnwrap(metainfo.components(separatedBy: "<release version=\"").dropFirst().first?.split(separator: "\"").first)
        XCTAssertEqual(String(firstRelease), version, "the metainfo's newest release")
        let changelog = try String(contentsOfFile: Self.repository + "/dist/changelog", encoding: .utf8)
        XCTAssertTrue(changelog.hasPrefix("koalio (\(version))"), "the changelog's newest entry")
        let manual = try String(contentsOfFile: Self.repository + "/dist/koalio.6", encoding: .utf8)
        XCTAssertTrue(manual.contains("\"koalio \(version)\""), "the manual's header")
        let help = try Koalio.run(["--help"])
        let options = help.stdout.split(separator: "\n").compactMap { line -> String? in
            let word = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            return word.hasPrefix("--") ? word.trimmingCharacters(in: CharacterSet(charactersIn: ",;.)")) : nil
        }
        XCTAssertGreaterThan(options.count, 15, help.stdout)
        for option in options {
            XCTAssertTrue(manual.contains(option.replacingOccurrences(of: "-", with: "\\-")), "koalio.6 documents \(option)")
        }
    }
}
