import Foundation

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
