/// How ``NetMessage`` is laid out in bytes: little-endian numbers, ticks near the datagram's
/// own as signed 16-bit offsets, inputs as runs; every read bounded by what is left.
extension NetMessage {
    /// Runs of equal inputs (a held stick is one run); a block holds at most ``maxInputsPerSeat``.
    static func runs(of inputs: [SeatInput]) -> [(count: Int, input: SeatInput)] {
        var runs: [(count: Int, input: SeatInput)] = []
        for input in inputs {
            if let last = runs.last, last.input == input { runs[runs.count - 1].count += 1 } else { runs.append((1, input)) }
        }
        return runs
    }

    struct Writer {
        var data: [UInt8] = []
        /// A tick near `base` as a signed 16-bit offset from it (one further off is written at the
        /// nearest offset: an acknowledgement so written only asks for more than needed).
        mutating func offset(from base: Int, to tick: Int) {
            let offset = Int16(clamping: max(tick, 0) - base)
            u16(UInt16(bitPattern: offset))
        }
        mutating func u8(_ value: UInt8) { data.append(value) }
        mutating func u16(_ value: UInt16) { data += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        mutating func u32(_ value: Int) {
            let word = UInt32(clamping: max(0, value))
            for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8((word >> UInt32(shift)) & 0xFF)) }
        }
        mutating func u64(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { data.append(UInt8((value >> UInt64(shift)) & 0xFF)) } }
        mutating func bytes(_ more: [UInt8]) { data += more }
    }

    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func bytes(_ count: Int) throws(Problem) -> [UInt8] {
            guard count <= bytes.count - offset else { throw Problem(offset: bytes.count, reason: "cut short") }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func u8() throws(Problem) -> UInt8 { try bytes(1)[0] }
        mutating func u16() throws(Problem) -> UInt16 {
            let b = try bytes(2)
            return UInt16(b[0]) | UInt16(b[1]) << 8
        }
        mutating func u64() throws(Problem) -> UInt64 {
            try bytes(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        /// A tick number: 32 bits, under 2³¹.
        mutating func tick() throws(Problem) -> Int {
            let word = try bytes(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard word <= UInt32(NetMessage.maxTick) else { throw Problem(offset: offset - 4, reason: "tick \(word)") }
            return Int(word)
        }
        /// A tick written as an offset from `base`: never negative.
        mutating func tick(from base: Int) throws(Problem) -> Int {
            let tick = base + Int(Int16(bitPattern: try u16()))
            guard tick >= 0 else { throw Problem(offset: offset - 2, reason: "a tick before the first") }
            return tick
        }
        mutating func rest() throws(Problem) -> [UInt8] { try bytes(bytes.count - offset) }
    }
}
