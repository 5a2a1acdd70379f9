import Foundation
import KoalioHarness
import KoalioTestSupport
import XCTest

/// The phone server against a stranger on the same network, end to end: the real binary on Add
/// a phone's page (its pairing card showing, so a typed code is live) on 127.0.0.1, and
/// `tools/phone-attack` binding other 127.0.0.0/8 addresses to look like other hosts. Every
/// attack is bounded in count and time; memory is the game's VmRSS before and after.
final class PhoneAttackTests: XCTestCase {
    /// What an attack may cost the game in memory, KiB.
    static let memoryAllowanceKiB = 2048

    /// The game's memory once its loop runs (a phone was given its seat by the loop, so the
    /// window and the server are up), KiB: what an attack is measured against.
    func settledMemory(_ game: PhoneGame) throws -> Int {
        let seated = try game.phone("token=\(game.token)", "0.0 0 0 - 0 0 0\n")
        XCTAssertTrue(seated.contains { $0.hasPrefix("message 01") }, "the loop seated a phone: \(seated)")
        return try game.residentKiB()
    }

    func testABruteForceFromRotatingAddressesGetsNoSeatAndLeavesMemoryFlat() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 3600, xvfb, level: nil, addPhone: true)
        defer { game.child.stop() }
        let before = try settledMemory(game)
        let result = try game.attack("brute", ["--threads", "16", "--seconds", "4", "--max", "6000"])
        let after = try game.residentKiB()
        let statuses = try XCTUnwrap(result["statuses"] as? [String: Int], "\(result)")
        XCTAssertEqual(result["admitted"] as? Int, 0, "no seat: \(result)")
        XCTAssertLessThanOrEqual(statuses["403"] ?? 0, 20, "at most 20 codes compared in all, from however many addresses: \(result)")
        XCTAssertGreaterThan(statuses["429"] ?? 0, 100, "the rest refused unread: \(result)")
        XCTAssertLessThanOrEqual(after - before, Self.memoryAllowanceKiB, "memory flat: \(before) → \(after) KiB after \(result["guesses"] ?? 0) guesses")
        XCTAssertNotNil(game.child.line(containing: "no code (too many wrong tries", seconds: 5), "the game says the code is off")
        XCTAssertEqual(try game.phone("code=\(game.code)", "").first, "status 429", "even the right code, until a new one is made")
        XCTAssertEqual(try game.phone("token=\(game.token)", "0.0 0 0 - 0 0 0\n").first, "status 101", "the QR code still lets a phone in")
    }

    func testAPhoneThatPingsWithoutReadingIsClosedAndMemoryStaysFlat() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 3600, xvfb, level: nil, addPhone: true)
        defer { game.child.stop() }
        let before = try settledMemory(game)
        let result = try game.attack("ping", ["token=\(game.token)", "--seconds", "10"])
        let after = try game.residentKiB()
        XCTAssertEqual(result["status"] as? Int, 101, "\(result)")
        XCTAssertEqual(result["closed"] as? Bool, true, "closed: \(result)")
        XCTAssertLessThan(result["after"] as? Double ?? 99, 3, "within a second or two: \(result)")
        XCTAssertLessThanOrEqual(after - before, Self.memoryAllowanceKiB, "memory flat: \(before) → \(after) KiB")
    }

    func testHalfFinishedUpgradesDoNotLockAnAddressOut() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 3600, xvfb, level: nil, addPhone: true)
        defer { game.child.stop() }
        let body = try game.attack("half", ["token=\(game.token)", "--count", "4", "--how", "body"])
        XCTAssertEqual(body["statuses"] as? [Int], [400, 400, 400, 400], "an upgrade with a body is refused: \(body)")
        _ = try game.attack("half", ["token=\(game.token)", "--count", "4", "--how", "drop"])
        let output = try game.phone("token=\(game.token)", "0.0 0 0 - 0 0 0\n")
        XCTAssertEqual(output.first, "status 101", "the same address still gets in: \(output)")
        XCTAssertTrue(output.contains { $0.hasPrefix("message 01") }, "seated: \(output)")
    }

    func testSixteenHeldSocketsDoNotKeepANewPhoneOut() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 3600, xvfb, level: nil, addPhone: true)
        defer { game.child.stop() }
        let result = try game.attack("hold", ["token=\(game.token)", "--count", "16"])
        XCTAssertEqual(result["phone"] as? Int, 101, "the phone got in: \(result)")
        XCTAssertEqual(result["evicted"] as? Int, 1, "the oldest silent socket made room for it: \(result)")
    }

    /// A seated phone that leaves and comes back as fast as it can: the game sees it as it is once
    /// a frame (the joins it sees capped per address), it is back within the unplug grace each
    /// time, so the game plugs its pad in once and steps every tick. (What churn costs a
    /// frame is measured by `make bench`, not asserted here.)
    func testChurnIsCappedAndTheGameStepsOn() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 480, xvfb, level: "level1")
        defer { game.child.stop() }
        let result = try game.attack("churn", ["token=\(game.token)", "--seconds", "3"])
        let statuses = try XCTUnwrap(result["statuses"] as? [String: Int], "\(result)")
        XCTAssertGreaterThan(result["reconnects"] as? Int ?? 0, 50, "it churned: \(result)")
        XCTAssertGreaterThan(statuses["429"] ?? 0, 0, "the joins the game saw from one address are capped: \(result)")
        XCTAssertEqual(game.child.waitForExit(), 0)
        let lines = try Koalio.traceLines(game.trace)
        XCTAssertEqual(lines.count, 480, "the game stepped every tick")
        var plugs = 0
        for (previous, line) in zip(lines, lines.dropFirst()) where (line["controllers"] as? Int ?? 0) > (previous["controllers"] as? Int ?? 0) { plugs += 1 }
        XCTAssertEqual(plugs, 1, "the pad was plugged in once, not once per reconnect")
        XCTAssertEqual(lines.last?["controllers"] as? Int, 0, "and unplugged once it stopped, the grace after its last connection")
    }

    /// A phone that upgrades and is gone at once, 2,000 times (half reset as its seat is written):
    /// the game steps every tick and ends when it should, and the server still answers after.
    func testUpgradeThenCloseThousandsOfTimesNeverHoldsTheGame() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 600, xvfb, level: "level1")
        defer { game.child.stop() }
        let result = try game.attack("race", ["token=\(game.token)", "--count", "2000"], deadlineSeconds: 120)
        XCTAssertEqual(result["done"] as? Int, 2000, "\(result)")
        XCTAssertNotEqual(result["status"] as? Int, 0, "answered after the race: \(result)")
        XCTAssertEqual(game.child.waitForExit(seconds: 60), 0, "the game ended at its last tick: nothing froze")
        XCTAssertEqual(try Koalio.traceLines(game.trace).count, 600, "the game stepped every tick")
    }

    /// A request of more than a few KB is not read on, even with the right token.
    func testAnOversizedRequestIsRefused() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 3600, xvfb, level: nil, addPhone: true)
        defer { game.child.stop() }
        for bytes in [3000, 10_000, 100_000] {
            let result = try game.attack("big", ["token=\(game.token)", "--bytes", "\(bytes)"])
            XCTAssertNotEqual(result["status"] as? Int, 101, "a \(bytes)-byte header: \(result)")
        }
        XCTAssertEqual(try game.attack("big", ["token=\(game.token)", "--bytes", "100"])["status"] as? Int, 101, "a small one is fine")
    }

    func testEveryAnswerCarriesStrictHeaders() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 3600, xvfb, level: nil, addPhone: true)
        defer { game.child.stop() }
        let seen = try game.attack("headers")
        for status in ["200", "403", "404"] {
            let headers = try XCTUnwrap(seen[status] as? [String: String], "a \(status) answer: \(seen)")
            let policy = headers["content-security-policy"] ?? ""
            XCTAssertTrue(policy.contains("frame-ancestors 'none'"), "\(status): not framed by another page: \(policy)")
            XCTAssertTrue(policy.contains("default-src 'none'"), "\(status): \(policy)")
            XCTAssertEqual(headers["x-content-type-options"], "nosniff", status)
            XCTAssertEqual(headers["referrer-policy"], "no-referrer", status)
            XCTAssertEqual(headers["cache-control"], "no-store", status)
        }
    }

    /// `--phones-listen` takes loopback and private addresses only: a usage error otherwise.
    func testPhonesListenRefusesEveryAddressAndPublicOnes() throws {
        for address in ["0.0.0.0:8765", "[::]:8765", "203.0.113.7:8765", "[2001:db8::1]:8765", "localhost:8765"] {
            let run = try Koalio.run(["--phones-listen", address])
            XCTAssertEqual(run.status, 64, "\(address): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("--phones-listen"), run.stderr)
        }
    }
}

/// Where koalio listens by default, in a network namespace of the test's own (`unshare -n`,
/// interfaces made with iproute2, nothing sent): the private addresses of the interface that
/// carries the default route, not a bridge's (docker0) nor a tunnel's (a VPN's unique-local
/// addresses, as Tailscale gives), even when they are private too.
final class PhoneListenTests: XCTestCase {
    static let network = """
        set -e
        ip link set lo up
        ip link add wifi0 type veth peer name wifi1; ip link set wifi0 up; ip link set wifi1 up
        ip addr add 192.168.1.20/24 dev wifi0; ip -6 addr add fd12::20/64 dev wifi0 nodad
        ip link add docker0 type bridge; ip link set docker0 up; ip addr add 172.17.0.1/16 dev docker0; ip -6 addr add fd99::1/64 dev docker0 nodad
        ip tuntap add tun0 mode tun; ip link set tun0 up; ip addr add 10.8.0.2/24 dev tun0; ip -6 addr add fd7a:115c::2/64 dev tun0 nodad
        """

    /// koalio `--phones` in that network with `route` as its default route: what it said.
    func listen(route: String) throws -> (status: Int32, stderr: String) {
        let script = Self.network + "\n" + route + "\nexec \"$1\" --headless --ticks 1 --level level1 --phones\n"
        let run = try ChildProcess.run("/usr/bin/unshare", ["-n", "sh", "-c", script, "sh", Koalio.binary],
                                       environment: try TestEnvironment.forChild(dataHome: Koalio.dataHome), directory: Repository.root,
                                       deadlineSeconds: 30)
        return (run.status, run.stderr)
    }

    func testItListensOnTheDefaultRoutesNetworkOnly() throws {
        let (status, said) = try listen(route: "ip route add default via 192.168.1.1 dev wifi0")
        XCTAssertEqual(status, 0, said)
        let lines = said.split(separator: "\n").filter { $0.contains("listening on") }
        XCTAssertEqual(lines, ["koalio: phones: listening on 192.168.1.20:8765 (wifi0)", "koalio: phones: listening on [fd12::20]:8765 (wifi0)"],
                       "the Wi-Fi's addresses, not docker0's or tun0's: \(said)")
    }

    func testADefaultRouteThroughATunnelIsNoPlayersNetwork() throws {
        let (status, said) = try listen(route: "ip route add default dev tun0")
        XCTAssertNotEqual(status, 0, said)
        XCTAssertTrue(said.contains("the network of the default route (tun0) has no private address"), said)
        XCTAssertFalse(said.contains("listening on"), said)
    }
}
