import KoalioInput
import PropertyBased
import Testing
@testable import KoalioReplay
@testable import KoalioReplayFile

/// Round trips over generated recordings: whatever a run holds, the file gives it back exactly.
struct ReplayPropertyTests {
    /// A recording built from generated numbers: each number is one run (its length, which
    /// controller, the presses, and a few snapshot fields), then checksums at increasing ticks.
    static func recording(_ numbers: [UInt64], levelName: String) -> Recording {
        let sources = ["Keyboard", "DualSense Wireless Controller", "On-screen controls", "Xbox 360 Controller"]
        var recording = Recording(gameVersion: "0.1.0", levelName: levelName, levelSHA256: (0..<32).map { UInt8($0) }, tickRate: 60,
                                  sources: sources)
        for number in numbers {
            var snapshot = GamepadSnapshot()
            snapshot.dpadX = Float(Int(number >> 8 & 3) - 1)
            snapshot.leftX = Float(Int(number >> 10 & 0xFFFF) - 0x8000) / 0x8000
            snapshot.buttonA = Float(number >> 26 & 1)
            snapshot.rightTrigger = Float(number >> 27 & 0xFF) / 255
            let input = TickInput(source: Int(number >> 35 % 4) % sources.count, snapshot: snapshot,
                                  pressed: TickPresses(rawValue: UInt8(number >> 40 & 0xF)))
            recording.inputs.append(input, count: Int(number & 0xFF) + 1)
        }
        var tick = 0
        for number in numbers where tick < recording.inputs.count {
            tick = min(recording.inputs.count, tick + Int(number >> 44 & 0x3FF) + 1)
            recording.checksums.append(Recording.Checksum(tick: tick, value: number &* 0x9E37_79B9_7F4A_7C15))
        }
        return recording
    }

    @Test func encodeThenDecodeGivesTheRecordingBack() async {
        await propertyCheck(count: 300, input: Gen.uint64(in: 0...UInt64.max).array(of: 0...80), Gen.letterOrNumber.string(of: 1...30)) {
            numbers, name in
            let recording = Self.recording(numbers, levelName: name)
            let decoded = try ReplayFile.decode(ReplayFile.encode(recording), file: "property")
            #expect(decoded == recording)
            #expect(decoded.inputs.count == recording.inputs.count)
        }
    }

    /// Any single damaged byte is found (CRC-32), never decoded into a different run.
    @Test func aFlippedByteIsAnError() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max).array(of: 1...20), Gen.int(in: 0...10_000),
                            Gen.uint8(in: 1...255)) { numbers, position, flip in
            var bytes = ReplayFile.encode(Self.recording(numbers, levelName: "level1"))
            bytes[position % bytes.count] ^= flip
            #expect(throws: ReplayError.self) { try ReplayFile.decode(bytes, file: "property") }
        }
    }
}
