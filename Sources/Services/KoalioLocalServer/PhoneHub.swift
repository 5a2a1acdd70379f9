import KoalioAdmission
import KoalioPhone
import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// What the network thread and the game's thread share: the door (``PhoneDoor``: the secrets,
/// who failed, every socket and seat), each open socket's channel, and each seat's latest
/// frame. Every access holds one lock, briefly; the game reads it once a frame (``drain()``),
/// the network thread writes to it. Channels are closed outside the lock.
public final class PhoneHub: @unchecked Sendable {
    public typealias Door = PhoneDoor<SystemRandomNumberGenerator>
    public typealias ConnectionID = Door.ConnectionID

    /// Phones at once.
    public static var seatCount: Int { Door.seatCount }
    /// With no frame for this long a phone's pad is let go (the page sends 4 a second when idle).
    public static let silenceSeconds = 0.5

    /// A seat's latest frame and when the network thread had it (``now``'s clock), so the delay
    /// from a phone to its pad can be measured.
    public struct Arrival: Equatable, Sendable {
        public let frame: PhoneFrame
        public let receivedAt: Double

        public init(frame: PhoneFrame, receivedAt: Double) {
            self.frame = frame
            self.receivedAt = receivedAt
        }
    }

    /// What the card shows: the token (in the QR code), the code, and whether the code is off.
    public struct Pairing: Equatable, Sendable {
        public let token: String
        public let code: String
        public let codeOff: Bool
    }

    /// A seat's frame: none until its page sent one on this connection (a blank one would read
    /// as counters at zero, and a page that reconnects keeps counting).
    private struct SeatFrame {
        var frame = PhoneFrame()
        var receivedAt = 0.0
        var hasFrame = false
    }

    private let lock = NIOLock()
    private var door = Door(random: SystemRandomNumberGenerator())
    private var channels: [ConnectionID: Channel] = [:]
    private var frames: [Int: SeatFrame] = [:]
    private let clock: @Sendable () -> Double

    /// - Parameter clock: seconds of a monotonic clock (given, so tests can move time).
    public init(clock: @escaping @Sendable () -> Double) {
        self.clock = clock
    }

    public var now: Double { clock() }

    // MARK: - The game's side

    public var pairing: Pairing {
        lock.withLock { Pairing(token: door.secrets.tokenText, code: door.secrets.code, codeOff: door.codeOff) }
    }

    /// Whether a pairing card is on screen (a typed code is valid only then), and how many phones
    /// may play (four players in all: phones beyond that get the "game full" answer).
    public func setCardShown(_ shown: Bool, phoneLimit: Int) {
        let now = clock()
        lock.withLock { door.setCard(shown: shown, phoneLimit: phoneLimit, at: now) }
    }

    /// The token was printed (`--verbose`): taken for a while even with no card on screen.
    public func showToken() {
        let now = clock()
        lock.withLock { door.showToken(at: now) }
    }

    /// The player asked for a new code (and token).
    public func newCode() {
        let now = clock()
        lock.withLock { door.newCode(at: now) }
    }

    /// The seats with a phone connected now (who, on which connection) and each one's frame:
    /// released when its phone has been silent too long.
    public func drain() -> (seats: [Int: Door.Presence], frames: [Int: Arrival]) {
        let now = clock()
        return lock.withLock {
            let seats = door.seen(at: now)
            var arrivals: [Int: Arrival] = [:]
            for number in seats.keys {
                guard let seat = frames[number], seat.hasFrame else { continue }
                let silent = now - seat.receivedAt > Self.silenceSeconds
                arrivals[number] = Arrival(frame: silent ? seat.frame.released : seat.frame, receivedAt: seat.receivedAt)
            }
            return (seats, arrivals)
        }
    }

    /// Sends `message` to the phone in `seat`, if it is connected.
    public func send(_ message: PhoneMessage, to seat: Int) {
        guard let channel = lock.withLock({ door.connection(ofSeat: seat).flatMap { channels[$0] } }) else { return }
        var buffer = channel.allocator.buffer(capacity: 32)
        buffer.writeBytes(message.bytes)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .binary, data: buffer), promise: nil)
    }

    /// The resume token of a seat (sent to its page with its player number).
    public func resumeToken(of seat: Int) -> [UInt8]? { lock.withLock { door.resumeToken(of: seat) } }


    // MARK: - The network's side

    /// A socket opened from `address` (its 4 or 16 bytes): its id, or nil (it is closed at once). Unauthenticated
    /// sockets the door gives up to make room are closed.
    func opened(_ channel: Channel, from address: [UInt8]) -> ConnectionID? {
        let now = clock()
        let (id, evicted) = lock.withLock {
            let (id, close) = door.open(from: address, at: now)
            if let id { channels[id] = channel }
            return (id, close.compactMap { channels.removeValue(forKey: $0) })
        }
        for channel in evicted { channel.close(promise: nil) }
        return id
    }

    /// The socket ended, however.
    func closed(_ id: ConnectionID) {
        let now = clock()
        lock.withLock {
            channels[id] = nil
            door.closed(id, at: now)
        }
    }

    /// Closes the sockets past their deadline; frees seats held too long.
    func sweep() {
        let now = clock()
        let expired = lock.withLock { door.sweep(at: now).compactMap { channels[$0] } }
        for channel in expired { channel.close(promise: nil) }
    }

    /// Lets socket `id` in (``PhoneDoor/admit(_:token:code:resume:at:)``); a seat's old
    /// connection its resume token took over is closed.
    func admit(_ id: ConnectionID, token: Substring?, code: Substring?, resume: Substring?) -> Result<Int, Refusal> {
        let now = clock()
        let (seat, old) = lock.withLock {
            let (seat, close) = door.admit(id, token: token, code: code, resume: resume, at: now)
            return (seat, close.flatMap { channels[$0] })
        }
        old?.close(promise: nil)
        return seat
    }

    func refuse(_ id: ConnectionID, _ reason: Refusal) {
        let now = clock()
        lock.withLock { door.refuse(id, reason, at: now) }
    }

    /// What `/pad/why` answers socket `id`.
    func why(_ id: ConnectionID) -> Refusal? {
        let now = clock()
        return lock.withLock { door.why(id, at: now) }
    }

    /// Socket `id`'s WebSocket is up: its seat and the seat's new resume token, or nil (it was
    /// not admitted, or gave up meanwhile).
    func upgraded(_ id: ConnectionID) -> (seat: Int, resume: [UInt8])? {
        let now = clock()
        return lock.withLock {
            guard let seat = door.upgraded(id, at: now), let resume = door.resumeToken(of: seat) else { return nil }
            frames[seat] = SeatFrame(receivedAt: now)
            return (seat, resume)
        }
    }

    /// A frame from socket `id`'s phone.
    func received(_ frame: PhoneFrame, from id: ConnectionID) {
        let now = clock()
        lock.withLock {
            guard let seat = door.seat(of: id) else { return }
            frames[seat] = SeatFrame(frame: frame, receivedAt: now, hasFrame: true)
        }
    }
}
