/// The datagrams of a networked game, and their one decoder: every field bounded, every count
/// checked against what is left, nothing but these shapes accepted. A datagram is at most
/// ``maxBytes``; anything else (a wrong magic, version, kind, length or value) is refused with
/// the offset it was found at, and the sender learns nothing.
///
/// Who sends what: a joiner sends ``hello`` (padded to ``helloBytes``, so that no answer is
/// bigger than the question: the host cannot be used to amplify a forged sender's traffic); the
/// host answers ``welcome`` or ``refuse``; then both send ``input`` every frame (the host
/// relays every seat's, the star's centre) and ``bye`` when they leave. Every datagram after
/// the welcome carries the peer's session token: a datagram from the right address without it
/// is dropped as well.
public enum NetMessage: Equatable, Sendable {
    case hello(Hello)
    case welcome(Welcome)
    case refuse(nonce: UInt64, reason: NetRefusal)
    case input(InputPacket)
    case bye(token: UInt64, reason: ByeReason)

    /// "KN", then the protocol's version: a peer of another version is refused (``NetRefusal/version``).
    public static let magic: [UInt8] = [0x4B, 0x4E]
    public static let version: UInt8 = 1
    /// The largest datagram either side sends or reads.
    public static let maxBytes = 640
    /// A hello's size, padding included: every answer to it is smaller.
    public static let helloBytes = 160
    /// Ticks of one seat's inputs a datagram carries at most (a second: more than play runs
    /// ahead of the confirmed tick, so a few lost datagrams are covered by the next).
    public static let maxInputsPerSeat = 64
    /// Seats in a game at most: four koalas.
    public static let maxSeats = 4
    /// The longest level name a welcome carries, in UTF-8 bytes.
    public static let maxLevelNameBytes = 64
    /// A tick number on the wire: under 2³¹ (over a year at 60 Hz).
    public static let maxTick = Int(Int32.max)

    public struct Hello: Equatable, Sendable {
        /// The joiner's number for this try, echoed in the answer (a stale answer is known).
        public var nonce: UInt64
        /// The session code as typed: up to ``codeBytes`` ASCII digits; a room code's game sends
        /// the room's six symbols (``RoomCode/symbols``: digits and capitals).
        public var code: [UInt8]
        /// Players on the joiner's machine, 1…3.
        public var players: Int
        public static let codeBytes = 8

        /// A byte a code may hold: a digit, or a capital of a room code's alphabet.
        static func isCodeSymbol(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || RoomCode.alphabet.contains(Character(Unicode.Scalar(byte)))
        }

        public init(nonce: UInt64, code: [UInt8], players: Int) {
            self.nonce = nonce
            self.code = code
            self.players = players
        }
    }

    public struct Welcome: Equatable, Sendable {
        public var nonce: UInt64
        /// What every later datagram between the two carries.
        public var token: UInt64
        /// The joiner's first seat (0-based; the host's players are seats 0…), and how many it has.
        public var firstSeat: Int
        public var seatCount: Int
        public var inputDelay: Int
        /// The level the host plays: its name (for the message when it is missing) and its file's SHA-256.
        public var levelName: String
        public var levelSHA256: [UInt8]
        /// The run's last tick on every machine (the host's `--ticks`), nil: until someone quits.
        public var endTick: Int?

        public init(nonce: UInt64, token: UInt64, firstSeat: Int, seatCount: Int, inputDelay: Int, levelName: String, levelSHA256: [UInt8],
                    endTick: Int? = nil) {
            self.nonce = nonce
            self.token = token
            self.firstSeat = firstSeat
            self.seatCount = seatCount
            self.inputDelay = inputDelay
            self.levelName = levelName
            self.levelSHA256 = levelSHA256
            self.endTick = endTick
        }
    }

    /// One seat's inputs for ticks `firstTick`, `firstTick + 1`, …
    public struct SeatInputs: Equatable, Sendable {
        public var seat: Int
        public var firstTick: Int
        public var inputs: [SeatInput]

        public init(seat: Int, firstTick: Int, inputs: [SeatInput]) {
            self.seat = seat
            self.firstTick = firstTick
            self.inputs = inputs
        }
    }

    public struct InputPacket: Equatable, Sendable {
        public var token: UInt64
        /// Seats in the game, 0 before it starts. A joiner's game starts with the first from the host that has them.
        public var seats: Int
        /// The seats in play at the start (bit per seat): each machine's first player; a couch
        /// player beside them joins later as on the couch.
        public var startPresent: UInt8
        /// The sender's tick now: how far ahead each side runs (time synchronisation).
        public var tick: Int
        /// For each seat, the last tick the sender has heard its input for (so the other side
        /// sends from the next). Written as offsets from ``tick``.
        public var acks: [Int]
        /// The sender's checksum of a confirmed tick (every ``NetSession/checksumIntervalTicks``), when it has a new one.
        public var checksum: (tick: Int, value: UInt64)?
        /// Milliseconds of the sender's clock, and the last such stamp it got from the other
        /// side with how long ago: the round trip, measured without a clock in common.
        public var stamp: UInt16
        public var echo: UInt16
        public var echoAgeMilliseconds: UInt16
        public var blocks: [SeatInputs]

        public init(token: UInt64, seats: Int, startPresent: UInt8 = 0, tick: Int, acks: [Int], checksum: (tick: Int, value: UInt64)? = nil,
                    stamp: UInt16 = 0, echo: UInt16 = 0, echoAgeMilliseconds: UInt16 = 0, blocks: [SeatInputs] = []) {
            self.token = token
            self.seats = seats
            self.startPresent = startPresent
            self.tick = tick
            self.acks = acks
            self.checksum = checksum
            self.stamp = stamp
            self.echo = echo
            self.echoAgeMilliseconds = echoAgeMilliseconds
            self.blocks = blocks
        }

        public static func == (a: InputPacket, b: InputPacket) -> Bool {
            a.token == b.token && a.seats == b.seats && a.startPresent == b.startPresent && a.tick == b.tick && a.acks == b.acks
                && a.checksum?.tick == b.checksum?.tick && a.checksum?.value == b.checksum?.value
                && a.stamp == b.stamp && a.echo == b.echo && a.echoAgeMilliseconds == b.echoAgeMilliseconds && a.blocks == b.blocks
        }
    }

    public enum ByeReason: UInt8, Equatable, Sendable {
        /// The run reached its end (`--ticks`), every tick confirmed.
        case done = 1
        /// The player left.
        case quit = 2
        /// The checksums differ: the games are no longer the same.
        case desync = 3
        /// The joiner does not have the host's level.
        case noLevel = 4
        /// The host removed this peer (it was away too long).
        case removed = 5
    }

    public enum Kind: UInt8 { case hello = 1, welcome = 2, refuse = 3, input = 4, bye = 5 }

    /// Why a datagram was not read: where, and what.
    public struct Problem: Error, Equatable, Sendable {
        public var offset: Int
        public var reason: String
    }

    // MARK: - Writing

    public var bytes: [UInt8] {
        var writer = Writer()
        writer.bytes(Self.magic)
        writer.u8(Self.version)
        switch self {
        case let .hello(hello):
            writer.u8(Kind.hello.rawValue)
            writer.u64(hello.nonce)
            writer.bytes(hello.code + Array(repeating: 0, count: max(0, Hello.codeBytes - hello.code.count)))
            writer.u8(UInt8(clamping: hello.players))
            writer.bytes(Array(repeating: 0, count: max(0, Self.helloBytes - writer.data.count)))
        case let .welcome(welcome):
            writer.u8(Kind.welcome.rawValue)
            writer.u64(welcome.nonce)
            writer.u64(welcome.token)
            writer.u8(UInt8(clamping: welcome.firstSeat))
            writer.u8(UInt8(clamping: welcome.seatCount))
            writer.u8(UInt8(clamping: welcome.inputDelay))
            writer.u32(welcome.endTick ?? 0)
            writer.bytes(welcome.levelSHA256)
            let name = Array(welcome.levelName.utf8.prefix(Self.maxLevelNameBytes))
            writer.u8(UInt8(name.count))
            writer.bytes(name)
        case let .refuse(nonce, reason):
            writer.u8(Kind.refuse.rawValue)
            writer.u64(nonce)
            writer.u8(reason.code)
            writer.u8(reason.seconds)
        case let .input(packet):
            writer.u8(Kind.input.rawValue)
            writer.u64(packet.token)
            writer.u8(UInt8(clamping: packet.seats) | packet.startPresent << 4)
            writer.u8(packet.checksum == nil ? 0 : 1)
            writer.u32(packet.tick)
            for seat in 0..<packet.seats { writer.offset(from: packet.tick, to: seat < packet.acks.count ? packet.acks[seat] : 0) }
            if let checksum = packet.checksum {
                writer.u32(checksum.tick)
                writer.u64(checksum.value)
            }
            writer.u16(packet.stamp)
            writer.u16(packet.echo)
            writer.u16(packet.echoAgeMilliseconds)
            writer.u8(UInt8(clamping: packet.blocks.count))
            for block in packet.blocks {
                writer.u8(UInt8(clamping: block.seat))
                writer.offset(from: packet.tick, to: block.firstTick)
                let runs = Self.runs(of: block.inputs)
                writer.u8(UInt8(clamping: runs.count))
                for run in runs {
                    let (x, buttons) = run.input.wire
                    writer.u8(UInt8(clamping: run.count))
                    writer.u8(x)
                    writer.u8(buttons)
                }
            }
        case let .bye(token, reason):
            writer.u8(Kind.bye.rawValue)
            writer.u64(token)
            writer.u8(reason.rawValue)
        }
        return writer.data
    }

    // MARK: - Reading

    public init(decoding bytes: [UInt8]) throws(Problem) {
        guard bytes.count <= Self.maxBytes else { throw Problem(offset: Self.maxBytes, reason: "longer than \(Self.maxBytes) bytes") }
        var reader = Reader(bytes: bytes)
        guard try reader.bytes(2) == Self.magic else { throw Problem(offset: 0, reason: "not a koalio datagram") }
        let version = try reader.u8()
        guard version == Self.version else { throw Problem(offset: 2, reason: "protocol version \(version), not \(Self.version)") }
        let kindOffset = reader.offset
        guard let kind = Kind(rawValue: try reader.u8()) else { throw Problem(offset: kindOffset, reason: "unknown kind") }
        switch kind {
        case .hello:
            guard bytes.count == Self.helloBytes else { throw Problem(offset: bytes.count, reason: "a hello is \(Self.helloBytes) bytes") }
            let nonce = try reader.u64()
            let codeField = try reader.bytes(Hello.codeBytes)
            let code = Array(codeField.prefix { $0 != 0 })
            guard codeField.dropFirst(code.count).allSatisfy({ $0 == 0 }), code.allSatisfy(Hello.isCodeSymbol) else {
                throw Problem(offset: reader.offset - Hello.codeBytes, reason: "the code is not digits (nor a room code's symbols)")
            }
            let players = Int(try reader.u8())
            guard (1...Self.maxSeats - 1).contains(players) else { throw Problem(offset: reader.offset - 1, reason: "\(players) players") }
            guard try reader.rest().allSatisfy({ $0 == 0 }) else { throw Problem(offset: reader.offset, reason: "padding that is not zero") }
            self = .hello(Hello(nonce: nonce, code: code, players: players))
            return
        case .welcome:
            let nonce = try reader.u64(), token = try reader.u64()
            let firstSeat = Int(try reader.u8()), seatCount = Int(try reader.u8()), delay = Int(try reader.u8())
            guard firstSeat >= 1, seatCount >= 1, firstSeat + seatCount <= Self.maxSeats else {
                throw Problem(offset: reader.offset - 3, reason: "seats \(firstSeat)+\(seatCount)")
            }
            guard delay <= NetSession.maxInputDelay else { throw Problem(offset: reader.offset - 1, reason: "input delay \(delay)") }
            let endTick = try reader.tick()
            let digest = try reader.bytes(32)
            let nameCount = Int(try reader.u8())
            guard nameCount <= Self.maxLevelNameBytes else { throw Problem(offset: reader.offset - 1, reason: "a level name of \(nameCount) bytes") }
            let nameBytes = try reader.bytes(nameCount)
            guard let name = String(validating: nameBytes, as: UTF8.self) else { throw Problem(offset: reader.offset - nameCount, reason: "a level name that is not UTF-8") }
            self = .welcome(Welcome(nonce: nonce, token: token, firstSeat: firstSeat, seatCount: seatCount, inputDelay: delay,
                                    levelName: name, levelSHA256: digest, endTick: endTick == 0 ? nil : endTick))
        case .refuse:
            let nonce = try reader.u64()
            let code = try reader.u8(), seconds = try reader.u8()
            guard let reason = NetRefusal(code: code, seconds: seconds) else { throw Problem(offset: reader.offset - 2, reason: "unknown refusal") }
            self = .refuse(nonce: nonce, reason: reason)
        case .input:
            let token = try reader.u64()
            let seatsByte = try reader.u8()
            let seats = Int(seatsByte & 0x0F), startPresent = seatsByte >> 4
            guard seats <= Self.maxSeats, Int(startPresent) < 1 << seats else { throw Problem(offset: reader.offset - 1, reason: "seats \(seatsByte)") }
            let flags = try reader.u8()
            guard flags <= 1 else { throw Problem(offset: reader.offset - 1, reason: "unknown flags") }
            let tick = try reader.tick()
            var acks: [Int] = []
            for _ in 0..<seats { acks.append(try reader.tick(from: tick)) }
            var checksum: (tick: Int, value: UInt64)?
            if flags == 1 {
                let checksumTick = try reader.tick()
                guard checksumTick > 0 else { throw Problem(offset: reader.offset - 4, reason: "a checksum of tick 0") }
                checksum = (checksumTick, try reader.u64())
            }
            let stamp = try reader.u16(), echo = try reader.u16(), age = try reader.u16()
            let blockCount = Int(try reader.u8())
            guard blockCount <= seats else { throw Problem(offset: reader.offset - 1, reason: "\(blockCount) seat blocks for \(seats) seats") }
            var blocks: [SeatInputs] = []
            for _ in 0..<blockCount {
                let seat = Int(try reader.u8())
                guard seat < seats, !blocks.contains(where: { $0.seat == seat }) else { throw Problem(offset: reader.offset - 1, reason: "seat \(seat)") }
                let first = try reader.tick(from: tick)
                guard first >= 1 else { throw Problem(offset: reader.offset - 2, reason: "tick 0") }
                let runCount = Int(try reader.u8())
                guard runCount >= 1 else { throw Problem(offset: reader.offset - 1, reason: "no inputs") }
                var inputs: [SeatInput] = []
                var last: SeatInput?
                for _ in 0..<runCount {
                    let count = Int(try reader.u8()), x = try reader.u8(), buttons = try reader.u8()
                    guard count >= 1, inputs.count + count <= Self.maxInputsPerSeat else { throw Problem(offset: reader.offset - 3, reason: "more than \(Self.maxInputsPerSeat) inputs") }
                    guard let input = SeatInput(wire: x, buttons), input != last else { throw Problem(offset: reader.offset - 2, reason: "not an input run") }
                    inputs += repeatElement(input, count: count)
                    last = input
                }
                guard first + inputs.count - 1 <= Self.maxTick else { throw Problem(offset: reader.offset, reason: "ticks past the last") }
                blocks.append(SeatInputs(seat: seat, firstTick: first, inputs: inputs))
            }
            self = .input(InputPacket(token: token, seats: seats, startPresent: startPresent, tick: tick, acks: acks, checksum: checksum,
                                      stamp: stamp, echo: echo, echoAgeMilliseconds: age, blocks: blocks))
        case .bye:
            let token = try reader.u64()
            guard let reason = ByeReason(rawValue: try reader.u8()) else { throw Problem(offset: reader.offset - 1, reason: "unknown reason") }
            self = .bye(token: token, reason: reason)
        }
        guard reader.offset == bytes.count else { throw Problem(offset: reader.offset, reason: "\(bytes.count - reader.offset) bytes too many") }
    }
}
