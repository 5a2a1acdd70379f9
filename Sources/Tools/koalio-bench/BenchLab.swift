import Foundation
import KoalioHarness
import KoalioSystem

/// The internet on this machine (`tools/internet-lab`: network namespaces, two NAT routers, no
/// link to the machine's own network) with `server/run-rendezvous` running on its public side,
/// for as long as one pairing's runs need it; `down()` takes it all away.
final class BenchLab {
    /// Why the lab cannot be had here: the section is skipped (said, not failed).
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The rendezvous's public address in every lab.
    static let rendezvousAddress = "203.0.113.10"
    /// Seconds the lab's tool may take to make (or remove) its namespaces.
    static let toolSeconds = 60.0
    /// Seconds the rendezvous may take to say its certificate, then that it is ready.
    static let rendezvousSeconds = 30.0

    let prefix: String
    let options: Options
    let scratch: String
    /// The certificate made for the rendezvous's run (players trust it with --rendezvous-ca).
    private(set) var certificate = ""
    private var rendezvous: NetMachine?

    /// A lab with routers `nat1` (player 1's) and `nat2` (home, fullcone, symmetric), its
    /// rendezvous ready; `Unavailable` when this machine cannot have one.
    init(_ options: Options, _ nat1: String, _ nat2: String, scratch: String) throws {
        guard getuid() == 0 else { throw Unavailable(description: "the internet lab makes network namespaces: it needs root") }
        prefix = "kb\(getpid() % 1000)"
        self.options = options
        self.scratch = scratch
        guard try tool(["up", nat1, nat2]) == 0 else {
            let said = (try? String(contentsOfFile: scratch + "/lab.txt", encoding: .utf8)) ?? ""
            down()
            throw Unavailable(description: "tools/internet-lab up \(nat1) \(nat2) failed: \(said.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let server = try machine(in: "rdv", options.dataDirectory + "/server/run-rendezvous", [Self.rendezvousAddress],
                                 environment: ProcessInfo.processInfo.environment, name: "rendezvous")
        rendezvous = server
        let said = "a self-signed certificate for this run: "
        guard let line = server.line(containing: said, seconds: Self.rendezvousSeconds),
              let path = line.components(separatedBy: said).last?.split(separator: " ").first.map(String.init),
              server.line(containing: "run-rendezvous: ready", seconds: Self.rendezvousSeconds) != nil else {
            let stderr = server.stderr
            down()
            throw Unavailable(description: "server/run-rendezvous did not start: \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        certificate = path
    }

    /// `executable` started in the lab's namespace `name` (p1, p2, rdv, r1, r2), its stderr (and
    /// with `outputToo` its stdout) in `scratch/NAME.txt`.
    func machine(in name: String, _ executable: String, _ arguments: [String], environment: [String: String], name file: String,
                 outputToo: Bool = false) throws -> NetMachine {
        try NetMachine("/usr/sbin/ip", ["netns", "exec", "\(prefix)-\(name)", executable] + arguments, environment: environment,
                       errorPath: scratch + "/\(file).txt", outputToo: outputToo)
    }

    /// The rendezvous stopped and the namespaces removed.
    func down() {
        rendezvous?.stop()
        rendezvous = nil
        _ = try? tool(["down"])
    }

    /// `tools/internet-lab ARGUMENTS` run to its end under the lab's prefix: its exit status.
    private func tool(_ arguments: [String]) throws -> Int32 {
        let run = try NetMachine("/bin/bash", [options.dataDirectory + "/tools/internet-lab"] + arguments,
                                 environment: ProcessInfo.processInfo.environment.merging(["LAB_PREFIX": prefix]) { $1 },
                                 errorPath: scratch + "/lab.txt")
        return run.exitStatus(within: Self.toolSeconds)
    }
}

/// When a machine's `--trace` first shows a tick whose inputs from every machine are in
/// (`"confirmed"` ≥ 1 in its `online` object), on the monotonic clock. The trace goes to a
/// named pipe, which the game writes line by line as it plays; a thread of its own reads it from
/// the start (the game's open waits for a reader) to the end (so the pipe never fills), and
/// notes the time the line came.
final class FirstSharedTick: @unchecked Sendable {
    let path: String
    private let seen = Locked<Double?>(nil)

    init(path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw Xvfb.Failure(description: "\(path): cannot make a named pipe: \(String(cString: strerror(errno)))") }
        self.path = path
        let seen = self.seen
        Thread.detachNewThread { Self.follow(path, seen) }
    }

    /// When the line came (nil: not yet, or never).
    var at: Double? { seen.value }

    /// Lets the reader go should no game have opened the pipe (a reader waiting in its open is
    /// released by a writer's open and sees the end at once), then removes the pipe.
    func finish() {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
        unlink(path)
    }

    private static func follow(_ path: String, _ seen: Locked<Double?>) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
            guard seen.value == nil else { continue }  // found: the rest only drained
            let now = MonotonicClock.seconds()
            pending += buffer[..<count]
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if confirmedTick(line) >= 1 {
                    seen.change { $0 = now }
                    pending = []
                    break
                }
            }
        }
    }

    /// A trace line's `online` `confirmed` tick (0 when it has none).
    static func confirmedTick(_ line: String) -> Int {
        guard let range = line.range(of: "\"confirmed\":") else { return 0 }
        return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
}
