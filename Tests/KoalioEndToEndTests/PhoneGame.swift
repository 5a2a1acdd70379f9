import Foundation
import KoalioHarness
import KoalioTestSupport
import XCTest

/// The real game in a window, listening for phones on 127.0.0.1 (`--phones-listen 127.0.0.1:0
/// --verbose`), with the address, token and code it said on stderr.
struct PhoneGame {
    let child: LineReader
    let address: String
    let token: String
    let code: String
    let trace: String

    /// - Parameter level: nil: at the title.
    /// - Parameter addPhone: at the title, Add a phone is chosen (its card shows, a typed code
    ///   is taken), and the game is back once `--verbose` says the card shows.
    static func start(ticks: Int, _ xvfb: Xvfb, level: String? = "level1", addPhone: Bool = false, _ extra: [String] = []) throws -> PhoneGame {
        let trace = try Koalio.scratch().appendingPathComponent("trace.jsonl").path
        var start = level.map { ["--level", $0] } ?? []
        if addPhone { start += ["--input-script", try addPhoneScript()] }
        let child = try LineReader.start(Koalio.binary, start + ["--ticks", "\(ticks)", "--phones-listen", "127.0.0.1:0", "--verbose", "--trace", trace] + extra,
                                         environment: try TestEnvironment.forChild(dataHome: Koalio.dataHome).merging(["DISPLAY": xvfb.display]) { $1 })
        let line = try XCTUnwrap(child.line(containing: "koalio: phones: open", seconds: 10), "the game says where phones go (--verbose)")
        // koalio: phones: open http://127.0.0.1:PORT/#TOKEN on a phone, or http://127.0.0.1:PORT/ and the code NNNNNN
        let words = line.split(separator: " ")
        let url = try XCTUnwrap(words.first { $0.hasPrefix("http://") && $0.contains("#") })
        if addPhone { _ = try XCTUnwrap(child.line(containing: "koalio: phones: the pairing card shows", seconds: 10), "Add a phone's card") }
        let address = String(url.dropFirst("http://".count).prefix { $0 != "/" })
        let token = String(url.split(separator: "#").last ?? "")
        return PhoneGame(child: child, address: address, token: token, code: String(words.last ?? ""), trace: trace)
    }

    /// An input script that opens Add a phone from the title (its fourth entry); its path.
    static func addPhoneScript() throws -> String {
        let script = try Koalio.scratch().appendingPathComponent("add-phone.keys").path
        try "1 down down\n2 down up\n3 down down\n4 down up\n5 down down\n6 down up\n7 enter down\n8 enter up\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        return script
    }

    /// Runs a phone with `script` (tools/phone-client's lines); its output lines.
    func phone(_ query: String, _ script: String, options: [String] = []) throws -> [String] {
        let run = try ChildProcess.run("/usr/bin/python3", [Repository.path("tools/phone-client"), address, query] + options,
                                       environment: ProcessInfo.processInfo.environment, directory: Repository.root, input: script, deadlineSeconds: 20)
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// Runs `tools/phone-attack ATTACK ADDRESS arguments…`; the JSON object it printed.
    func attack(_ attack: String, _ arguments: [String] = [], deadlineSeconds: Double = 60) throws -> [String: Any] {
        let run = try ChildProcess.run("/usr/bin/python3", [Repository.path("tools/phone-attack"), attack, address] + arguments,
                                       environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: deadlineSeconds)
        let line = try XCTUnwrap(run.stdout.split(separator: "\n").last, "phone-attack \(attack): \(run.stderr)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
    }

    /// The game's resident memory now, KiB (`VmRSS` in /proc).
    func residentKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(child.processIdentifier)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""))
    }
}
