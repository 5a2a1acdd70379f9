import XCTest
import KoalioCore
import KoalioInput
@testable import KoalioScripting
import KoalioTestSupport

final class InputScriptTests: XCTestCase {
    func testParsesSortsAndRoundTrips() throws {
        let script = try InputScript.parse("# a comment\n5 right down\n\n2 space down # jump\n5 x down\n9 right up\n", file: "s.keys")
        XCTAssertEqual(script.events.map(\.tick), [2, 5, 5, 9])
        XCTAssertEqual(script.events(at: 5).map(\.action), [.key(.right, down: true), .key(.x, down: true)])
        XCTAssertTrue(script.events(at: 3).isEmpty)
        XCTAssertEqual(try InputScript.parse(script.text, file: "again"), script)
        // A resting loop wakes for the next event after the tick it is at.
        XCTAssertEqual([0, 1, 2, 4, 5, 8, 9].map { script.nextEventTick(after: $0) }, [2, 2, 5, 5, 9, 9, nil])
    }

    func testPadLines() throws {
        let text = "0 pad attach ps5\n3 pad1 a down\n4 pad1 leftx -0.5\n5 pad attach xbox360\n6 pad2 righttrigger 1\n9 pad1 detach\n"
        let script = try InputScript.parse(text, file: "p.keys")
        XCTAssertEqual(script.events.map(\.action), [
            .padAttach(kind: "ps5"), .padButton(pad: 1, button: "a", down: true), .padAxis(pad: 1, axis: "leftx", value: -0.5),
            .padAttach(kind: "xbox360"), .padAxis(pad: 2, axis: "righttrigger", value: 1), .padDetach(pad: 1),
        ])
        XCTAssertEqual(try InputScript.parse(script.text, file: "again"), script)
        for (bad, reason) in [("0 pad1 a down", "before it is attached"), ("0 pad attach gamecube", "unknown pad kind"),
                              ("0 pad attach ps4\n1 pad1 trigger 1", "unknown pad button or axis"),
                              ("0 pad attach ps4\n1 pad1 lefttrigger -1", "not a value in 0.0…1.0"),
                              ("0 pad attach ps4\n1 pad1 a sideways", "neither down nor up")] {
            XCTAssertThrowsError(try InputScript.parse(bad, file: "p.keys"), bad) { error in
                XCTAssertTrue((error as? InputScript.ParseError)?.reason.contains(reason) == true, "\(bad): \(error)")
            }
        }
    }

    /// Windows and old-Mac line ends and a byte-order mark read like plain lines (a CRLF file
    /// used to play nothing: "\r\n" is one Character in Swift, so splitting on "\n" missed it).
    func testCRLFAndByteOrderMark() throws {
        let plain = try InputScript.parse("0 right down\n30 right up\n", file: "s.keys")
        XCTAssertEqual(plain.events.count, 2)
        XCTAssertEqual(try InputScript.parse(bytes: Array("0 right down\r\n30 right up\r\n".utf8), file: "s.keys"), plain)
        XCTAssertEqual(try InputScript.parse(bytes: Array("0 right down\r30 right up\r".utf8), file: "s.keys"), plain)
        XCTAssertEqual(try InputScript.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("0 right down\n30 right up\n".utf8), file: "s.keys"), plain)
        XCTAssertThrowsError(try InputScript.parse(bytes: Array("0 right down\r\n1 fly down\r\n".utf8), file: "s.keys")) { error in
            XCTAssertEqual((error as? InputScript.ParseError)?.line, 2, "lines still counted")
        }
    }

    /// Pad lines are checked in the order they play (by tick), not the order of the file.
    func testPadLinesAreCheckedInPlayingOrder() throws {
        XCTAssertNoThrow(try InputScript.parse("5 pad1 a down\n0 pad attach ps5\n", file: "p.keys"), "attached at an earlier tick")
        for (text, line, reason) in [("10 pad attach ps5\n5 pad1 a down\n", 2, "before it is attached"),
                                     ("0 pad attach ps5\n3 pad1 detach\n4 pad1 a down\n", 3, "after it is detached"),
                                     ("0 pad attach ps5\n3 pad1 detach\n3 pad1 detach\n", 3, "after it is detached"),
                                     (String(repeating: "0 pad attach generic\n", count: InputScript.maxPadsAttached + 1),
                                      InputScript.maxPadsAttached + 1, "pads attached at once")] {
            XCTAssertThrowsError(try InputScript.parse(text, file: "p.keys"), text) { error in
                let error = error as? InputScript.ParseError
                XCTAssertEqual(error?.line, line, text)
                XCTAssertTrue(error?.reason.contains(reason) == true, "\(text): \(String(describing: error))")
            }
        }
    }

    func testPointerPointsMustBeInTheView() throws {
        XCTAssertNoThrow(try InputScript.parse("0 mouse down 0 0\n1 mouse up 568 320\n", file: "m.keys"))
        for point in ["nan 1", "1 inf", "-inf 1", "1e10 1", "-0.5 1", "1 320.5"] {
            XCTAssertThrowsError(try InputScript.parse("0 mouse down \(point)\n", file: "m.keys"), point)
            XCTAssertThrowsError(try InputScript.parse("0 finger1 move \(point)\n", file: "m.keys"), point)
        }
    }

    func testErrorsNameFileAndLine() {
        for (text, line, reason) in [("1 right down\nabc right down", 2, "not a tick number"),
                                     ("1 jump down", 1, "unknown key 'jump'"),
                                     ("\n\n3 left sideways", 3, "neither down nor up"),
                                     ("3 left", 1, "expected 'TICK KEY down|up'")] {
            XCTAssertThrowsError(try InputScript.parse(text, file: "s.keys")) { error in
                let error = error as? InputScript.ParseError
                XCTAssertEqual(error?.line, line, text)
                XCTAssertTrue(error?.description.hasPrefix("s.keys:\(line): ") == true, text)
                XCTAssertTrue(error?.reason.contains(reason) == true, "\(text): \(String(describing: error))")
            }
        }
    }

    func testShippedWinningScriptParses() throws {
        let text = try String(contentsOfFile: Repository.path("Tests/Fixtures/level1-win.keys"), encoding: .utf8)
        XCTAssertGreaterThan(try InputScript.parse(text, file: "level1-win.keys").events.count, 10)
    }
}
