import KoalioNet
import KoalioTestSupport
import XCTest

/// A game small enough to reason about: its state is a hash of every input it stepped, in order,
/// so two machines agree only if they stepped exactly the same inputs.
struct HashGame: RollbackGame, Equatable {
    var value: UInt64 = 14_695_981_039_346_656_037
    var steps = 0

    static func predict(after last: Int) -> Int { last }

    mutating func step(_ inputs: [Int]) -> Int {
        for input in inputs { value = (value ^ UInt64(bitPattern: Int64(input))) &* 1_099_511_628_211 }
        steps += 1
        return steps
    }

    var checksum: UInt64 { value }
}

/// A game that keeps part of its state outside the value (in a shared box), as a bug would:
/// loading a saved copy does not bring it back.
final class Leak { var count: UInt64 = 0 }
struct LeakyGame: RollbackGame {
    var value: UInt64 = 0
    let leak: Leak
    static func predict(after last: Int) -> Int { last }
    mutating func step(_ inputs: [Int]) -> Void {
        leak.count += 1
        value = value &* 31 &+ leak.count &+ UInt64(inputs.reduce(0, +))
    }
    var checksum: UInt64 { value }
}

final class RollbackTests: XCTestCase {
    /// Tick `t`'s input of seat `s` in these tests' scripts: changes often, so guesses go wrong.
    static func script(_ seat: Int, _ tick: Int) -> Int { (tick / (3 + seat)) % 5 + seat * 10 }

    func testTheLocalSeatSteersAfterTheInputDelayAndNothingIsGuessedAlone() {
        var rollback = Rollback(game: HashGame(), start: [0], inputDelay: 2)
        var reference = HashGame()
        for tick in 1...100 {
            rollback.addLocal(Self.script(0, tick), seat: 0)
            let frame = rollback.advanceFrame()
            XCTAssertEqual(frame.rollbackDepth, 0)
            XCTAssertFalse(frame.stalled)
            XCTAssertEqual(frame.steps.map(\.tick), [tick])
            XCTAssertEqual(frame.confirmed.map(\.tick), [tick], "alone, every tick is confirmed as it is stepped")
            // The input given at tick t steers tick t + 2; the first two ticks step the start input.
            _ = reference.step([tick <= 2 ? 0 : Self.script(0, tick - 2)])
            XCTAssertEqual(rollback.game, reference)
        }
    }

    func testAWrongGuessIsPutRightFromTheStateSavedBeforeIt() {
        var rollback = Rollback(game: HashGame(), start: [0, 0], inputDelay: 0)
        for tick in 1...5 {
            rollback.addLocal(1, seat: 0)
            rollback.hear(tick < 3 ? 7 : 7, seat: 1, tick: tick)
            _ = rollback.advanceFrame()
        }
        XCTAssertEqual(rollback.confirmedTick, 5)
        // Seat 1 goes quiet: its input is guessed (7, the last heard) for ticks 6...9.
        for _ in 6...9 {
            rollback.addLocal(1, seat: 0)
            let frame = rollback.advanceFrame()
            XCTAssertEqual(frame.steps.map(\.kind), [.firstShown])
        }
        XCTAssertEqual(rollback.tick, 9)
        XCTAssertEqual(rollback.confirmedTick, 5)
        // The real inputs for 6...9: 6 and 7 as guessed, 8 not. Ticks 8 and 9 are stepped again.
        for (tick, input) in [(6, 7), (7, 7), (8, 2), (9, 2)] { rollback.hear(input, seat: 1, tick: tick) }
        rollback.addLocal(1, seat: 0)
        rollback.hear(2, seat: 1, tick: 10)
        let frame = rollback.advanceFrame()
        XCTAssertEqual(frame.rollbackDepth, 2)
        XCTAssertEqual(frame.steps.map(\.tick), [8, 9, 10])
        XCTAssertEqual(frame.steps.map(\.kind), [.resimulated, .resimulated, .firstShown])
        XCTAssertEqual(frame.confirmed.map(\.tick), [6, 7, 8, 9, 10])
        var reference = HashGame()
        for input in [7, 7, 7, 7, 7, 7, 7, 2, 2, 2] { _ = reference.step([1, input]) }
        XCTAssertEqual(rollback.game, reference, "the game as if every input had been known in time")
        XCTAssertEqual(frame.confirmed.last?.game, reference)
    }

    func testPlayStallsAtMaxRollbackPastTheConfirmedTickAndGoesOnWhenHeard() {
        var rollback = Rollback(game: HashGame(), start: [0, 0], inputDelay: 0, maxRollback: 8)
        var stalls = 0
        for _ in 1...20 {
            rollback.addLocal(1, seat: 0)
            if rollback.advanceFrame().stalled { stalls += 1 }
        }
        XCTAssertEqual(rollback.tick, 8, "eight ticks guessed, then it waits")
        XCTAssertEqual(stalls, 12)
        XCTAssertEqual(rollback.lastHeard(seat: 0), 9, "the input for the tick it waits to step is kept; those given while it waits are not")
        for tick in 1...8 { rollback.hear(3, seat: 1, tick: tick) }
        let frame = rollback.advanceFrame()
        XCTAssertFalse(frame.stalled)
        XCTAssertEqual(frame.rollbackDepth, 8)
        XCTAssertEqual(rollback.tick, 9)
    }

    func testAnInputHeardTwiceOrTooFarAheadIsIgnored() {
        var rollback = Rollback(game: HashGame(), start: [0, 0], inputDelay: 1)
        XCTAssertTrue(rollback.hear(4, seat: 1, tick: 2))
        XCTAssertFalse(rollback.hear(5, seat: 1, tick: 2), "the first heard stands")
        XCTAssertFalse(rollback.hear(5, seat: 1, tick: 1), "the start's ticks are everyone's")
        XCTAssertFalse(rollback.hear(5, seat: 1, tick: Rollback<HashGame>.heardWindow + 1))
        XCTAssertFalse(rollback.hear(5, seat: 2, tick: 3), "no such seat")
        XCTAssertTrue(rollback.hear(6, seat: 1, tick: 4))
        XCTAssertEqual(rollback.lastHeard(seat: 1), 2, "tick 3 is missing: heard up to 2 in a row")
        XCTAssertTrue(rollback.hear(6, seat: 1, tick: 3))
        XCTAssertEqual(rollback.lastHeard(seat: 1), 4)
    }

    /// Two machines, each with its own seat, over a link that delays every message by a few
    /// frames and drops some: both see every tick confirmed with the same game, and the
    /// confirmed ticks come exactly once, in order.
    func testTwoMachinesAgreeOverADelayedLossyLink() {
        var machines = [Rollback(game: HashGame(), start: [0, 0], inputDelay: 2), Rollback(game: HashGame(), start: [0, 0], inputDelay: 2)]
        var random = SplitMix64(seed: 42)
        // In flight: (arrival frame, to machine, seat, tick, input); everything unacknowledged is resent each frame.
        var inFlight: [(at: Int, to: Int, seat: Int, tick: Int, input: Int)] = []
        var confirmed: [[(Int, UInt64)]] = [[], []]
        var maxDepth = 0
        for frame in 0..<600 {
            for index in 0..<2 {
                if machines[index].tick < 500, machines[index].canAdvance {
                    machines[index].addLocal(Self.script(index, machines[index].tick + 1), seat: index)
                }
                let other = 1 - index
                for tick in stride(from: machines[other].lastHeard(seat: index) + 1, through: machines[index].lastHeard(seat: index), by: 1) {
                    guard random.next() % 100 >= 10, let input = machines[index].heardInput(seat: index, tick: tick) else { continue }
                    inFlight.append((frame + 3 + Int(random.next() % 4), other, index, tick, input))
                }
            }
            for message in inFlight where message.at == frame {
                machines[message.to].hear(message.input, seat: message.seat, tick: message.tick)
            }
            inFlight.removeAll { $0.at <= frame }
            for index in 0..<2 where machines[index].tick < 500 || machines[index].confirmedTick < machines[index].tick {
                let result = machines[index].advanceFrame(forward: machines[index].tick < 500)
                if machines[index].tick > 500 { XCTFail("ran past the end") }
                maxDepth = max(maxDepth, result.rollbackDepth)
                for step in result.steps where step.kind == .firstShown { XCTAssertEqual(step.report, step.tick) }
                confirmed[index] += result.confirmed.map { ($0.tick, $0.game.checksum) }
            }
        }
        XCTAssertEqual(confirmed[0].map(\.0), Array(1...confirmed[0].count), "each tick confirmed once, in order")
        XCTAssertGreaterThanOrEqual(confirmed[0].count, 490)
        let common = min(confirmed[0].count, confirmed[1].count)
        XCTAssertTrue(zip(confirmed[0].prefix(common), confirmed[1].prefix(common)).allSatisfy { $0.1 == $1.1 }, "the same game on both")
        XCTAssertGreaterThan(maxDepth, 0, "the link made guesses go wrong")
        XCTAssertLessThanOrEqual(maxDepth, 8)
    }

    func testRollingBackAGameWithStateOutsideItsValueIsCaught() {
        var good = Rollback(game: HashGame(), start: [0], inputDelay: 0)
        var leaky = Rollback(game: LeakyGame(leak: Leak()), start: [0], inputDelay: 0)
        var caught: Int?
        for tick in 1...20 {
            good.addLocal(tick % 3, seat: 0)
            leaky.addLocal(tick % 3, seat: 0)
            _ = good.advanceFrame()
            _ = leaky.advanceFrame()
            XCTAssertNil(good.rollBackAndCompare(depth: 4))
            if caught == nil, let differs = leaky.rollBackAndCompare(depth: 4) { caught = differs.tick }
        }
        XCTAssertEqual(caught, 1, "stepping again from the saved copy differs at the first tick stepped again")
    }
}
