import XCTest
@testable import KoalioInput

final class ControllerMappingDatabaseTests: XCTestCase {
    let x360 = "030000005e0400008e02000010010000"

    func testReadsLinuxMappingsAndSkipsTheRest() {
        var database = ControllerMappingDatabase()
        let text = """
        # a comment\r
        \(x360),X360 Controller,a:b0,b:b1,platform:Linux,\r
        03000000de280000ff11000001000000,Steam (Windows),a:b0,platform:Windows,\r
        not a mapping\r
        zz000000de280000ff11000001000000,bad guid,a:b0,\r
        0300000000000000000000000000000,short guid,a:b0,\r
        \r
          05000000de2800000112000001000000,No platform,a:b0,\r
        """
        database.add(fileBytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        XCTAssertEqual(database.count, 2)
        XCTAssertEqual(database.mappings(for: x360.uppercased()), "\(x360),X360 Controller,a:b0,b:b1,platform:Linux,\n", "any case, no CR")
        XCTAssertEqual(database.mappings(for: "05000000de2800000112000001000000"), "05000000de2800000112000001000000,No platform,a:b0,\n")
        XCTAssertNil(database.mappings(for: "03000000de280000ff11000001000000"), "other platforms' lines are skipped")
    }

    /// A pad may have several lines (chosen by `hint:` conditions): all are kept, in order,
    /// across files, for SDL to choose from as it would from one file.
    func testKeepsEveryLineOfAGUIDInOrder() {
        var database = ControllerMappingDatabase()
        database.add(fileBytes: Array("\(x360),One,a:b0,hint:X:=1,platform:Linux,\n".utf8))
        database.add(fileBytes: Array("\(x360),Two,a:b1,hint:!X:=1,platform:Linux,\n".utf8))
        XCTAssertEqual(database.mappings(for: x360), "\(x360),One,a:b0,hint:X:=1,platform:Linux,\n\(x360),Two,a:b1,hint:!X:=1,platform:Linux,\n")
    }

    /// Reading is linear in the file: 50 000 lines (SDL's own reader took 92 s for them).
    func testFiftyThousandLines() {
        let lines = (0..<50_000).map { String(format: "%032x,Pad %d,a:b0,platform:Linux,", $0, $0) }
        var database = ControllerMappingDatabase()
        database.add(fileBytes: Array(lines.joined(separator: "\n").utf8))
        XCTAssertEqual(database.count, 50_000)
        XCTAssertEqual(database.mappings(for: String(format: "%032x", 49_999)), lines[49_999] + "\n")
    }
}
