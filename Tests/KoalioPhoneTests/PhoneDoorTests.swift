import KoalioAdmission
import KoalioPhone
import XCTest

/// The phone server's rules, stepped on a clock of the test's own: no socket, no waiting.
final class PhoneDoorTests: XCTestCase {
    typealias Door = PhoneDoor<SystemRandomNumberGenerator>

    static func v4(_ last: UInt8, _ third: UInt8 = 1) -> [UInt8] { [192, 168, third, last] }

    func door(card: Bool = true, at now: Double = 0) -> Door {
        var door = Door(random: SystemRandomNumberGenerator())
        door.setCard(shown: card, phoneLimit: 4, at: now)
        return door
    }

    /// Opens a socket from `key` and tries `query`: the seat or why not.
    func knock(_ door: inout Door, from address: [UInt8], token: String? = nil, code: String? = nil, resume: String? = nil,
               at now: Double) -> (id: Door.ConnectionID?, result: Result<Int, Refusal>) {
        guard let id = door.open(from: address, at: now).id else { return (nil, .failure(.badRequest)) }
        return (id, door.admit(id, token: token.map { Substring($0) }, code: code.map { Substring($0) }, resume: resume.map { Substring($0) }, at: now).seat)
    }

    func wrongCode(_ door: Door) -> String { door.secrets.code == "000000" ? "000001" : "000000" }

    func testTwentyWrongCodesFromAnywhereTurnTheCodeOffUntilTheTVMakesANewOne() {
        var door = door()
        XCTAssertEqual(Door.guessChancePerShowing, 2e-5, accuracy: 1e-12, "20 tries of a million codes")
        // A guesser with a thousand addresses (each of its own /64 or a spare IPv4 one).
        var guess = 0
        for address in 0..<1000 {
            let text = String(format6: guess)
            guess += 1
            let right = door.secrets.code
            let (id, result) = knock(&door, from: [10, 0, UInt8(address / 250), UInt8(address % 250)], code: text, at: Double(address) * 0.01)
            if let id { door.closed(id, at: Double(address) * 0.01) }
            if case .success = result, text != right { XCTFail("a wrong code let a phone in") }
            if address >= Door.codeFailureBudget {
                XCTAssertEqual(result, .failure(.codeOff), "after \(Door.codeFailureBudget) wrong codes every try is refused, right or wrong")
            }
        }
        XCTAssertTrue(door.codeOff)
        XCTAssertEqual(door.codeFailures, Door.codeFailureBudget, "tries after the budget are not even compared")
        XCTAssertEqual(knock(&door, from: Self.v4(9), code: door.secrets.code, at: 20).result, .failure(.codeOff), "not even the right code")
        XCTAssertEqual(knock(&door, from: Self.v4(9), token: door.secrets.tokenText, at: 20).result, .success(1), "the QR code still works")
        let oldToken = door.secrets.tokenText
        door.newCode(at: 21)
        XCTAssertFalse(door.codeOff)
        XCTAssertNotEqual(door.secrets.tokenText, oldToken, "a new token with the new code")
        XCTAssertEqual(knock(&door, from: Self.v4(10), code: door.secrets.code, at: 22).result, .success(2))
    }

    func testTheCardComingBackShowsANewCodeAndACodeAdmitsOnePhone() {
        var door = door(card: false)
        let first = door.secrets.code
        door.setCard(shown: true, phoneLimit: 4, at: 1)
        XCTAssertEqual(door.secrets.code, first, "the first showing shows the code made at start")
        door.setCard(shown: false, phoneLimit: 4, at: 2)
        XCTAssertEqual(knock(&door, from: Self.v4(2), code: first, at: 3).result, .failure(.noCard), "no card: no code")
        door.setCard(shown: true, phoneLimit: 4, at: 4)
        XCTAssertNotEqual(door.secrets.code, first, "shown again: a new code")
        XCTAssertEqual(knock(&door, from: Self.v4(2), code: first, at: 5).result, .failure(.wrongCode))
        let code = door.secrets.code
        XCTAssertEqual(knock(&door, from: Self.v4(3), code: code, at: 6).result, .success(1))
        XCTAssertNotEqual(door.secrets.code, code, "used: the card shows another")
        XCTAssertEqual(knock(&door, from: Self.v4(4), code: code, at: 7).result, .failure(.wrongCode), "one phone a code")
        XCTAssertEqual(door.codeFailures, 2, "the showing's budget goes on across its codes")
    }

    func testACodeLivesTenMinutesOnAShowingCard() {
        var door = door(at: 0)
        let code = door.secrets.code
        door.setCard(shown: true, phoneLimit: 4, at: Door.codeLifetimeSeconds + 1)
        XCTAssertNotEqual(door.secrets.code, code, "shown too long: renewed")
        XCTAssertEqual(knock(&door, from: Self.v4(2), code: door.secrets.code, at: Door.codeLifetimeSeconds + 2).result, .success(1))
    }

    func testTheTokenIsTakenWhileTheCardShowsAndAFewMinutesAfter() {
        var door = door(card: false)
        let token = door.secrets.tokenText
        XCTAssertEqual(knock(&door, from: Self.v4(2), token: token, at: 1).result, .failure(.badToken), "never shown: not taken")
        door.setCard(shown: true, phoneLimit: 4, at: 10)
        door.setCard(shown: false, phoneLimit: 4, at: 20)
        XCTAssertEqual(knock(&door, from: Self.v4(2), token: token, at: 20 + Door.tokenGraceSeconds).result, .success(1), "within the grace")
        XCTAssertEqual(knock(&door, from: Self.v4(3), token: token, at: 21 + Door.tokenGraceSeconds).result, .failure(.badToken), "after it")
        door.showToken(at: 1000)  // --verbose printed it
        XCTAssertEqual(knock(&door, from: Self.v4(3), token: token, at: 1001).result, .success(2))
        XCTAssertEqual(knock(&door, from: Self.v4(4), token: String(repeating: "0", count: 32), at: 1002).result, .failure(.badToken))
        XCTAssertEqual(door.codeFailures, 0, "a wrong token spends nothing of the code's budget")
    }

    func testFiveWrongCodesLockAnAddressOutOfCodesButNeverOutOfTheToken() {
        var door = door()
        let me = Self.v4(2)
        for _ in 0..<Admission.failuresBeforeLockout { XCTAssertEqual(knock(&door, from: me, code: wrongCode(door), at: 1).result, .failure(.wrongCode)) }
        XCTAssertEqual(knock(&door, from: me, code: door.secrets.code, at: 2).result, .failure(.lockedOut(seconds: 59)), "locked out of codes")
        let asker = door.open(from: me, at: 2).id ?? 0
        XCTAssertEqual(door.why(asker, at: 2), .lockedOut(seconds: 59), "and /pad/why says for how long")
        door.closed(asker, at: 2)
        XCTAssertEqual(knock(&door, from: me, token: door.secrets.tokenText, at: 2).result, .success(1), "the QR code at once")
        XCTAssertEqual(knock(&door, from: Self.v4(3), code: door.secrets.code, at: 3).result, .success(2), "another address is not locked out")
        XCTAssertEqual(knock(&door, from: me, code: door.secrets.code, at: 1 + Admission.lockoutSeconds).result, .success(3), "for a minute")
    }

    func testIPv6IsCountedByItsSlash64() {
        let one = AddressKey(address: [0xfd, 0, 0, 0, 0, 0, 0, 1] + [1, 2, 3, 4, 5, 6, 7, 8])
        let two = AddressKey(address: [0xfd, 0, 0, 0, 0, 0, 0, 1] + [9, 9, 9, 9, 9, 9, 9, 9])
        let other = AddressKey(address: [0xfd, 0, 0, 0, 0, 0, 0, 2] + [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(one, two, "one /64, one key")
        XCTAssertNotEqual(one, other)
        XCTAssertEqual(AddressKey(address: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1]), AddressKey(address: [10, 0, 0, 1]), "v4-mapped is v4")
        var door = door()
        func address(_ index: UInt8) -> [UInt8] {
            [0xfd, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, index]  // a new address each time, in the same /64
        }
        for index in 0..<UInt8(Admission.failuresBeforeLockout) { _ = knock(&door, from: address(index), code: wrongCode(door), at: 1) }
        XCTAssertEqual(knock(&door, from: address(99), code: door.secrets.code, at: 2).result, .failure(.lockedOut(seconds: 59)))
        // Its sockets, though, are capped by the whole address: hosts of one LAN share a /64.
        let mine = (0..<Door.unauthenticatedPerAddress).compactMap { _ in door.open(from: address(50), at: 3).id }
        XCTAssertEqual(door.open(from: address(51), at: 3).close, [], "another host's socket pushes out none of mine")
        XCTAssertEqual(door.open(from: address(50), at: 3).close, [mine[0]], "my fifth pushes out my oldest")
    }

    func testTheAddressTableIsCappedAndForgets() {
        var door = door()
        for index in 0..<5000 {
            _ = knock(&door, from: [10, UInt8(index >> 16), UInt8(index >> 8 & 255), UInt8(index & 255)], token: "x", at: 1)
        }
        XCTAssertEqual(door.admission.count, Admission.addressLimit, "a stranger rotating addresses grows it this far, no further")
        _ = door.sweep(at: 1 + Admission.forgetSeconds)
        XCTAssertEqual(door.admission.count, 0, "forgotten")
    }

    func testAPendingSeatIsCountedOutHoweverItsSocketEnds() {
        var door = door()
        let token = door.secrets.tokenText
        // Four admitted, never upgraded (a body that never comes, a drop during the 101), closed.
        for _ in 0..<4 {
            let (id, result) = knock(&door, from: Self.v4(2), token: token, at: 1)
            XCTAssertEqual(result, .success(1), "seat 1 each time: the last one was given back")
            door.closed(id ?? 0, at: 1)
        }
        XCTAssertEqual(door.socketCount, 0)
        XCTAssertTrue(door.connectedSeats.isEmpty)
        // One left pending is closed by the sweep at the handshake deadline.
        let (pending, _) = knock(&door, from: Self.v4(3), token: token, at: 10)
        XCTAssertEqual(door.sweep(at: 10 + Door.handshakeSeconds - 0.1), [])
        XCTAssertEqual(door.sweep(at: 10 + Door.handshakeSeconds), [pending ?? 0])
        door.closed(pending ?? 0, at: 15)
        XCTAssertEqual(knock(&door, from: Self.v4(4), token: token, at: 16).result, .success(1), "the seat is free again")
    }

    func testHeldSocketsKeepNoPhoneOut() {
        var door = door()
        // Sixteen sockets that say nothing, from four addresses.
        var held: [Door.ConnectionID] = []
        for index in 0..<Door.socketLimit {
            let opened = door.open(from: Self.v4(UInt8(10 + index % 4)), at: Double(index))
            XCTAssertEqual(opened.close, [])
            held += opened.id.map { [$0] } ?? []
        }
        XCTAssertEqual(door.socketCount, Door.socketLimit)
        let phone = door.open(from: Self.v4(99), at: 20)
        XCTAssertEqual(phone.close, [held[0]], "the oldest unauthenticated socket makes room")
        XCTAssertEqual(door.socketCount, Door.socketLimit)
        let id = try? XCTUnwrap(phone.id)
        XCTAssertEqual(door.admit(id ?? 0, token: Substring(door.secrets.tokenText), code: nil, resume: nil, at: 20).seat, .success(1))
        XCTAssertEqual(door.upgraded(id ?? 0, at: 20), 1)
        // A fifth socket from one address gives up that address's oldest.
        var door2 = self.door()
        let mine = (0..<4).compactMap { door2.open(from: Self.v4(5), at: Double($0)).id }
        XCTAssertEqual(door2.open(from: Self.v4(5), at: 5).close, [mine[0]])
        // Unauthenticated sockets go at the gate's deadline; a seated one stays.
        XCTAssertEqual(door.sweep(at: 21 + Door.gateSeconds), held.dropFirst().sorted(), "every socket that said nothing")
        for old in held { door.closed(old, at: 25) }
        XCTAssertEqual(door.socketCount, 1)
        XCTAssertEqual(door.connectedSeats.keys.sorted(), [1])
    }

    func testAResumeTokenTakesItsSeatBackOnceWithinAMinute() {
        var door = door()
        let (id, result) = knock(&door, from: Self.v4(2), token: door.secrets.tokenText, at: 1)
        XCTAssertEqual(result, .success(1))
        XCTAssertEqual(door.upgraded(id ?? 0, at: 1), 1)
        let generation = door.connectedSeats[1]
        let resume = PairingSecrets.hex(door.resumeToken(of: 1) ?? [])
        door.closed(id ?? 0, at: 2)
        XCTAssertEqual(knock(&door, from: Self.v4(3), token: door.secrets.tokenText, at: 2).result, .success(2), "a held seat is not given away while another is free")
        let (back, again) = knock(&door, from: Self.v4(2), resume: resume, at: 3)
        XCTAssertEqual(again, .success(1), "the resume token alone")
        XCTAssertEqual(door.upgraded(back ?? 0, at: 3), 1)
        XCTAssertNotEqual(door.connectedSeats[1]?.connection, generation?.connection, "a new connection: the game starts its latch anew")
        XCTAssertEqual(door.connectedSeats[1]?.occupant, generation?.occupant, "the same phone: its pad kept")
        XCTAssertNotEqual(PairingSecrets.hex(door.resumeToken(of: 1) ?? []), resume, "rotated when used")
        door.closed(back ?? 0, at: 4)
        XCTAssertEqual(knock(&door, from: Self.v4(2), resume: resume, at: 5).result, .failure(.staleResume), "the old one is spent")
        let fresh = PairingSecrets.hex(door.resumeToken(of: 1) ?? [])
        XCTAssertEqual(knock(&door, from: Self.v4(2), resume: fresh, at: 4 + Door.seatHoldSeconds + 0.5).result, .failure(.staleResume), "held a minute, no longer")
        XCTAssertEqual(door.codeFailures, 0, "stale resumes spend nothing of the code's budget")
    }

    func testAStaleResumeAloneIsRefusedAsStaleAndSaidSo() {
        var door = door()
        let (id, result) = knock(&door, from: Self.v4(2), resume: String(repeating: "ab", count: 16), at: 1)
        XCTAssertEqual(result, .failure(.staleResume))
        XCTAssertEqual(door.why(id ?? 0, at: 2)?.why, "stale")
        XCTAssertNil(door.why(id ?? 0, at: 2 + Admission.refusalMemorySeconds), "kept for half a minute")
    }

    /// Joins the game saw are capped per address; one that came and went between two frames
    /// (a half-finished or dropped upgrade) costs the game nothing and counts for nothing.
    func testJoinsTheGameNeverSawAreNotCounted() {
        var door = door()
        for _ in 0..<10 {
            let (id, result) = knock(&door, from: Self.v4(2), token: door.secrets.tokenText, at: 1)
            XCTAssertNotNil(try? result.get(), "let in: \(result)")
            XCTAssertNotNil(door.upgraded(id ?? 0, at: 1))
            door.closed(id ?? 0, at: 1)  // gone before the game's next frame (its seat held for a reload)
            _ = door.seen(at: 1)
        }
        XCTAssertNil(door.admission.joinWait(AddressKey(address: Self.v4(2)), at: 1), "ten dropped upgrades: no wait")
    }

    func testSeatsTakenFromOneAddressAreCappedAndFourAtMost() {
        var door = door()
        let token = door.secrets.tokenText
        var ids: [Door.ConnectionID] = []
        for seat in 1...4 {
            let (id, result) = knock(&door, from: Self.v4(2), token: token, at: 1)
            XCTAssertEqual(result, .success(seat))
            ids.append(id ?? 0)
            _ = door.upgraded(id ?? 0, at: 1)
            _ = door.seen(at: 1)  // the game's frame: a join it saw
        }
        XCTAssertEqual(knock(&door, from: Self.v4(3), token: token, at: 1).result, .failure(.full), "four phones at most")
        // A seated phone that reconnects in a loop: a few times, then it waits.
        var results: [Result<Int, Refusal>] = []
        for step in 0..<6 {
            let now = 2 + Double(step) * 0.01
            door.closed(ids[0], at: now)
            let resume = PairingSecrets.hex(door.resumeToken(of: 1) ?? [])
            let (id, result) = knock(&door, from: Self.v4(2), resume: resume, at: now)
            results.append(result)
            ids[0] = id ?? 0
            _ = door.upgraded(ids[0], at: now)
            _ = door.seen(at: now)
        }
        XCTAssertEqual(results.first, .failure(.busy(seconds: 1)), "four joins already taken from this address: half of one earned back")
        let resume = PairingSecrets.hex(door.resumeToken(of: 1) ?? [])
        XCTAssertEqual(knock(&door, from: Self.v4(2), resume: resume, at: 2 + Admission.secondsPerJoin).result, .success(1), "one more each two seconds")
    }
}

extension PhoneDoorTests {
    /// The budget belongs to the showing: a code replaced while the card stays up (aged out, or
    /// after it let a phone in) does not make it whole again; a new showing or New code does.
    func testTheBudgetLastsTheWholeShowing() {
        var door = door()
        for guesser in 0..<(Door.codeFailureBudget - 1) {
            XCTAssertEqual(knock(&door, from: Self.v4(UInt8(guesser), 2), code: wrongCode(door), at: 1).result, .failure(.wrongCode))
        }
        door.setCard(shown: true, phoneLimit: 4, at: Door.codeLifetimeSeconds + 2)  // aged out: another code
        XCTAssertFalse(door.codeOff)
        XCTAssertEqual(knock(&door, from: Self.v4(3, 3), code: door.secrets.code, at: Door.codeLifetimeSeconds + 3).result, .success(1), "a phone let in")
        XCTAssertEqual(knock(&door, from: Self.v4(4, 4), code: wrongCode(door), at: Door.codeLifetimeSeconds + 4).result, .failure(.wrongCode))
        XCTAssertTrue(door.codeOff, "the twentieth wrong code of the showing, across three codes")
        door.setCard(shown: false, phoneLimit: 4, at: Door.codeLifetimeSeconds + 5)
        door.setCard(shown: true, phoneLimit: 4, at: Door.codeLifetimeSeconds + 6)
        XCTAssertTrue(door.codeOff, "off stays off when the card comes back: only New code turns it on")
        door.newCode(at: Door.codeLifetimeSeconds + 7)
        XCTAssertEqual(door.codeFailures, 0)
        door.setCard(shown: false, phoneLimit: 4, at: Door.codeLifetimeSeconds + 8)
        _ = knock(&door, from: Self.v4(2, 2), code: wrongCode(door), at: Door.codeLifetimeSeconds + 9)
        XCTAssertEqual(door.codeFailures, 0, "no card: the code is not even compared")
    }

    /// Nothing is compared with the code when no seat could be given: a right code is not
    /// confirmed to a guesser while the game is full.
    func testNoCodeIsComparedWhenTheGameIsFull() {
        var door = door()
        door.setCard(shown: true, phoneLimit: 0, at: 1)
        XCTAssertEqual(knock(&door, from: Self.v4(2), code: wrongCode(door), at: 2).result, .failure(.full))
        XCTAssertEqual(knock(&door, from: Self.v4(2), code: door.secrets.code, at: 2).result, .failure(.full))
        XCTAssertEqual(door.codeFailures, 0)
    }

    /// A phone that comes back before its old connection was seen to close (its Wi-Fi dropped)
    /// takes its seat over with its resume token; the old connection is to be closed.
    func testAResumeTokenTakesOverASeatWhoseOldConnectionLingers() {
        var door = door()
        let (old, _) = knock(&door, from: Self.v4(2), token: door.secrets.tokenText, at: 1)
        XCTAssertEqual(door.upgraded(old ?? 0, at: 1), 1)
        let presence = door.connectedSeats[1]
        let resume = PairingSecrets.hex(door.resumeToken(of: 1) ?? [])
        let id = door.open(from: Self.v4(2), at: 5).id ?? 0
        let (seat, close) = door.admit(id, token: nil, code: nil, resume: Substring(resume), at: 5)
        XCTAssertEqual(seat, .success(1))
        XCTAssertEqual(close, old, "the old connection is closed")
        door.closed(old ?? 0, at: 5)
        XCTAssertEqual(door.upgraded(id, at: 5), 1, "its close does not give the seat away")
        XCTAssertEqual(door.connectedSeats[1]?.occupant, presence?.occupant, "the same phone")
    }

    /// A phone new to a seat held for another is a new occupant: the game gives it its own pad.
    func testANewPhoneInAHeldSeatIsANewOccupant() {
        var door = door()
        var ids: [Door.ConnectionID] = []
        for seat in 1...4 {
            let (id, result) = knock(&door, from: Self.v4(UInt8(seat)), token: door.secrets.tokenText, at: 1)
            XCTAssertEqual(result, .success(seat))
            XCTAssertEqual(door.upgraded(id ?? 0, at: 1), seat)
            ids.append(id ?? 0)
        }
        let before = door.connectedSeats[2]
        door.closed(ids[1], at: 2)
        let (id, result) = knock(&door, from: Self.v4(9), token: door.secrets.tokenText, at: 3)
        XCTAssertEqual(result, .success(2), "the seat held for a phone that has not come back")
        _ = door.upgraded(id ?? 0, at: 3)
        XCTAssertNotEqual(door.connectedSeats[2]?.occupant, before?.occupant, "another phone: another pad")
    }
}

extension String {
    /// `value` as six digits.
    init(format6 value: Int) {
        let text = String(value)
        self = String(repeating: "0", count: 6 - text.count) + text
    }
}
