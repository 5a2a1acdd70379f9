import KoalioAdmission
import Foundation
import KoalioCore
import KoalioHarness
import KoalioPhone
import KoalioSystem

// A stranger on the same network, measured against the real game (its title, the pairing card
// showing, so a typed code is live) on 127.0.0.1:
//   guessing       16 threads typing random codes as fast as the server answers, each try from
//                  another source address in 127.0.0.0/8 (Linux routes all of it to lo): the
//                  guesses a second, how many of them were compared with the code at all, and
//                  so the chance that this showing of the card was guessed
//   memory         the game's RSS before and after the guessing and after each of
//                  tools/phone-attack's other attacks (a phone pinging without reading,
//                  half-finished upgrades, sixteen held sockets, a seated phone churning)
//   churn          frame work p99 in level 1 while a seated phone leaves and takes its seat
//                  back as fast as it can, against the same run with the phone seated and still

/// The game at its title with phones on 127.0.0.1, `--verbose` (its stderr says the way in).
final class AttackedGame {
    let process = Process()
    let address: String
    let token: String
    private let errors = Pipe()

    init(_ options: Options, display: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: options.koalio)
        process.arguments = ["--data-dir", options.dataDirectory, "--phones-listen", "127.0.0.1:0", "--verbose"] + arguments
        process.environment = gameEnvironment.merging(["DISPLAY": display]) { $1 }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("koalio: phones: open") || !text.hasSuffix("\n") {
            let chunk = errors.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw Xvfb.Failure(description: "koalio ended before it said where phones go: \(text)") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let line = text.split(separator: "\n").first { $0.contains("koalio: phones: open") } ?? ""
        let url = line.split(separator: " ").first { $0.hasPrefix("http://") && $0.contains("#") } ?? ""
        address = String(url.dropFirst("http://".count).prefix { $0 != "/" })
        token = String(url.split(separator: "#").last ?? "")
        // Anything more it says is read and dropped, so the pipe never fills.
        errors.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
    }

    var port: Int { Int(address.split(separator: ":").last ?? "") ?? 0 }

    /// Its resident memory now, MiB.
    func residentMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "").map { $0 / 1024 } ?? .nan
    }

    /// `tools/phone-attack ATTACK ADDRESS arguments…`'s JSON. The attacker runs at the lowest
    /// priority: on a network it is another machine, and here its own CPU (a Python loop
    /// reconnecting thousands of times a second) would otherwise be counted as the game's frame
    /// work on this machine's two cores. What the game's server spends answering it still counts.
    func attack(_ options: Options, _ attack: String, _ arguments: [String]) throws -> [String: Any] {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
        script.arguments = ["-n", "19", "python3", options.dataDirectory + "/tools/phone-attack", attack, address] + arguments
        let output = Pipe()
        script.standardOutput = output
        try script.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        script.waitUntilExit()
        guard let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
              let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else { throw Xvfb.Failure(description: "tools/phone-attack \(attack) failed (status \(script.terminationStatus))") }
        return result
    }

    /// A phone seated by the game's loop (its window and server are up), from `source`.
    func seatOne(from source: String) throws {
        let phone = try BenchPhone(port: port, query: "token=" + token, from: source)
        // The resume token (4) comes from the network thread; the seat (1) from the game's loop.
        guard phone.status() == 101, (0..<4).contains(where: { _ in phone.nextMessage()?.first == 1 }) else {
            throw BenchPhone.Refused(description: "the settling phone was not let in or not seated")
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// What `threads` threads typing random codes for `seconds` got: answers by status.
func guessCodes(port: Int, threads: Int, seconds: Double) -> [Int: Int] {
    let statuses = Locked([Int: Int]())
    let end = MonotonicClock.seconds() + seconds
    let workers = (0..<threads).map { thread in
        Thread {
            var next = thread
            var counts: [Int: Int] = [:]
            while MonotonicClock.seconds() < end {
                next += threads
                // Never 127.0.0.1, the bench's own phones' address.
                let source = "127.\(1 + next / 62_500 % 200).\(next / 250 % 250).\(2 + next % 250)"
                let code = String(format: "%06d", Int.random(in: 0..<PairingSecrets.codeCount))
                let status = (try? BenchPhone(port: port, query: "code=" + code, from: source, resetOnClose: true))?.refusalStatus() ?? 0
                counts[status, default: 0] += 1
            }
            statuses.change { all in all.merge(counts, uniquingKeysWith: +) }
        }
    }
    for worker in workers { worker.start() }
    while workers.contains(where: { !$0.isFinished }) { usleep(50_000) }
    return statuses.value
}

func reportPhoneAttacks(_ options: Options, display: String) throws {
    let game = try AttackedGame(options, display: display)
    defer { game.stop() }
    try game.seatOne(from: "127.0.0.21")
    let before = game.residentMiB()
    let seconds = 5.0
    let answers = guessCodes(port: game.port, threads: 16, seconds: seconds)
    let guesses = answers.values.reduce(0, +)
    report(.phoneGuessesPerSecond, Double(guesses) / seconds)
    // A guess is compared with the code only while the code is on: each such wrong one is a 403.
    let compared = (answers[403] ?? 0) + (answers[101] ?? 0)
    report(.phoneGuessChance, Double(compared) / Double(PairingSecrets.codeCount) * 1_000_000)
    report(.phoneGuessAdmitted, Double(answers[101] ?? 0))
    var raised = game.residentMiB() - before
    report(.phoneGuessMemory, raised)
    let attacks: [(String, [String])] = [
        ("ping", ["token=\(game.token)", "--seconds", "5", "--from", "127.0.0.22"]),
        ("half", ["token=\(game.token)", "--how", "body", "--from", "127.0.0.23"]),
        ("half", ["token=\(game.token)", "--how", "drop", "--from", "127.0.0.24"]),
        ("hold", ["token=\(game.token)", "--from", "127.0.0.25"]),
        ("churn", ["token=\(game.token)", "--seconds", "3", "--from", "127.0.0.26"]),
    ]
    for (name, arguments) in attacks {
        _ = try game.attack(options, name, arguments)
        raised = max(raised, game.residentMiB() - before)
    }
    report(.phoneAttackMemory, raised)
    let (idle, churned) = try churnFrameWork(options, display: display)
    report(.phoneChurnIdleP99, idle)
    report(.phoneChurnP99, churned)
    report(.phoneChurnRaise, churned - idle)
}

/// Frame work p99 (ms) of 8 s of level 1 with a phone seated: still, and leaving and taking its
/// seat back as fast as it can (its joins capped, so a few of them plug a pad in).
func churnFrameWork(_ options: Options, display: String) throws -> (idle: Double, churned: Double) {
    func run(churn: Bool) throws -> Double {
        let times = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-churn-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: times) }
        let game = try AttackedGame(options, display: display, arguments: ["--level", "level1", "--ticks", "480", "--frame-times", times])
        defer { game.stop() }
        if churn {
            _ = try game.attack(options, "churn", ["token=\(game.token)", "--seconds", "7", "--from", "127.0.0.27"])
            game.process.waitUntilExit()
        } else {
            let still = try BenchPhone(port: game.port, query: "token=" + game.token, from: "127.0.0.27")
            guard still.status() == 101 else { throw BenchPhone.Refused(description: "the still phone was not let in") }
            game.process.waitUntilExit()  // seated, sending nothing, till the game ends
        }
        return percentile(try FrameTime.read(times).dropFirst(30).map(\.work), 0.99)
    }
    return (median(try (0..<3).map { _ in try run(churn: false) }), median(try (0..<3).map { _ in try run(churn: true) }))
}
