import KoalioPhone
import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// What the network thread and the game's thread share: the pairing secrets and who failed,
/// the seats (a phone's number, resume token and connection), each seat's latest frame and the
/// seats that came and went since the game last looked. Every access holds one lock, briefly;
/// the game drains it once a frame (``drain(at:)``), the network thread writes to it.
public final class PhoneHub: @unchecked Sendable {
    /// Phones at once (and players in all: the game says how many seats are free).
    public static let seatCount = 4
    /// A seat whose phone went away is kept this long for a reload to take back.
    public static let seatHoldSeconds = 60.0
    /// With no frame for this long a phone's pad is let go (the page sends 4 a second when idle).
    public static let silenceSeconds = 0.5
    public static let maxSockets = 16
    public static let maxUnpairedPerAddress = 4

    /// A seat coming or going, for the game to plug its pad in or out.
    public enum Event: Equatable, Sendable {
        case joined(seat: Int)
        case left(seat: Int)
    }

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

    /// Why a WebSocket was not let in.
    public enum Refusal: Error, Equatable, Sendable {
        case lockedOut, badSecret, full
    }

    struct Seat {
        var resume: [UInt8]
        var channel: Channel?
        var frame = PhoneFrame()
        var lastFrameAt = 0.0
        /// The page has sent a frame on this connection: until then the seat has none to give
        /// (a blank one would read as counters at zero, and a page that reconnects keeps counting).
        var hasFrame = false
        var leftAt: Double?
    }

    private let lock = NIOLock()
    private var secrets: PairingSecrets
    private var admission = Admission()
    private var random = SystemRandomNumberGenerator()
    private var seats: [Int: Seat] = [:]
    private var events: [Event] = []
    /// How many phones may be connected at once (the game lowers it as other pads take players' seats).
    private var phoneLimit = seatCount
    private var sockets = 0
    private var unpaired: [String: Int] = [:]
    private let clock: @Sendable () -> Double

    /// - Parameter clock: seconds of a monotonic clock (given, so tests can move time).
    public init(clock: @escaping @Sendable () -> Double) {
        var random = SystemRandomNumberGenerator()
        secrets = PairingSecrets(using: &random)
        self.clock = clock
    }

    public var now: Double { clock() }

    // MARK: - The game's side

    /// The token and code a pairing card shows now.
    public var pairing: (token: String, code: String) {
        lock.withLock { (secrets.tokenText, secrets.code) }
    }

    /// Whether a pairing card is on screen (a typed code is valid only then), and how many phones
    /// may play (four players in all: phones beyond that get the "game full" answer).
    public func setCardShown(_ shown: Bool, phoneLimit: Int) {
        let now = clock()
        lock.withLock {
            if shown, let since = secrets.codeShownSince, now - since > PairingSecrets.codeLifetimeSeconds {
                secrets.renewCode(using: &random, at: now)
            }
            secrets.setCardShown(shown, at: now)
            self.phoneLimit = phoneLimit
        }
    }

    /// The seats that came and went since the last call, and every connected seat's frame now:
    /// released when its phone has been silent too long. Seats held past their time are freed.
    public func drain() -> (events: [Event], frames: [Int: Arrival]) {
        let now = clock()
        return lock.withLock {
            let taken = events
            events = []
            var frames: [Int: Arrival] = [:]
            for (number, seat) in seats {
                if let leftAt = seat.leftAt {
                    if now - leftAt > Self.seatHoldSeconds { seats[number] = nil }
                    continue
                }
                guard seat.hasFrame else { continue }
                let silent = now - seat.lastFrameAt > Self.silenceSeconds
                frames[number] = Arrival(frame: silent ? seat.frame.released : seat.frame, receivedAt: seat.lastFrameAt)
            }
            return (taken, frames)
        }
    }

    /// Sends `message` to the phone in `seat`, if it is connected.
    public func send(_ message: PhoneMessage, to seat: Int) {
        guard let channel = lock.withLock({ seats[seat]?.channel }) else { return }
        var buffer = channel.allocator.buffer(capacity: 32)
        buffer.writeBytes(message.bytes)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .binary, data: buffer), promise: nil)
    }

    /// The resume token of a seat (sent to its page with its player number).
    public func resumeToken(of seat: Int) -> [UInt8]? { lock.withLock { seats[seat]?.resume } }

    // MARK: - The network's side

    /// The addresses the server listens on, as a `Host` header names them (set once it listens).
    private var hosts: Set<String> = []

    func setHosts(_ addresses: [String]) { lock.withLock { hosts = Set(addresses) } }

    /// Whether `host` (a request's `Host`) is one of the addresses we listen on.
    func isOurs(host: String) -> Bool { lock.withLock { hosts.contains(host) } }

    /// A socket opened from `address`: false when there are too many (it is closed at once).
    func socketOpened(from address: String) -> Bool {
        lock.withLock {
            guard sockets < Self.maxSockets, unpaired[address, default: 0] < Self.maxUnpairedPerAddress else { return false }
            sockets += 1
            unpaired[address, default: 0] += 1
            return true
        }
    }

    /// A socket closed; `paired`: it had become a phone's (it no longer counts as unpaired then).
    func socketClosed(from address: String, paired: Bool) {
        lock.withLock {
            sockets -= 1
            if !paired { unpaired[address, default: 1] -= 1 }
            if unpaired[address] == 0 { unpaired[address] = nil }
        }
    }

    /// Lets a phone in with a token or a typed code, and `resume` for its old seat: the seat
    /// number, or why not. Failures count toward the address's lockout and the code's renewal.
    func admit(token: Substring?, code: Substring?, resume: Substring?, from address: String) -> Result<Int, Refusal> {
        let now = clock()
        return lock.withLock {
            guard admission.mayTry(address, at: now) else { return .failure(.lockedOut) }
            let resumed = resume.flatMap { text in
                seats.first { $0.value.leftAt != nil && PairingSecrets.constantTimeEqual(Array(text.utf8), Array(PairingSecrets.hex($0.value.resume).utf8)) }?.key
            }
            let secretOK = token.map { secrets.matches(token: $0) } ?? code.map { secrets.matches(code: $0, at: now) } ?? false
            guard secretOK || resumed != nil else {
                if admission.recordFailure(from: address, at: now) { secrets.renewCode(using: &random, at: secrets.codeShownSince == nil ? nil : now) }
                return .failure(.badSecret)
            }
            admission.recordSuccess(from: address)
            if let resumed { return .success(resumed) }
            let connected = seats.values.filter { $0.leftAt == nil }.count
            guard connected < phoneLimit else { return .failure(.full) }
            // A free number, or the one held longest for a phone that has not come back.
            guard let number = (1...Self.seatCount).first(where: { seats[$0] == nil })
                    ?? seats.filter({ $0.value.leftAt != nil }).min(by: { ($0.value.leftAt ?? 0) < ($1.value.leftAt ?? 0) })?.key
            else { return .failure(.full) }
            let resume = (0..<PairingSecrets.tokenBytes).map { _ in UInt8.random(in: 0...255, using: &random) }
            seats[number] = Seat(resume: resume, leftAt: now)  // not connected until its socket is
            return .success(number)
        }
    }

    /// The seat's WebSocket is up.
    func connected(_ seat: Int, channel: Channel, from address: String) {
        let now = clock()
        lock.withLock {
            seats[seat]?.channel = channel
            seats[seat]?.leftAt = nil
            seats[seat]?.lastFrameAt = now
            seats[seat]?.frame = PhoneFrame()
            seats[seat]?.hasFrame = false
            unpaired[address, default: 1] -= 1
            if unpaired[address] == 0 { unpaired[address] = nil }
            events.append(.joined(seat: seat))
        }
    }

    /// A frame from the seat's phone.
    func received(_ frame: PhoneFrame, seat: Int) {
        let now = clock()
        lock.withLock {
            seats[seat]?.frame = frame
            seats[seat]?.hasFrame = true
            seats[seat]?.lastFrameAt = now
        }
    }

    /// The seat's WebSocket closed: its pad is unplugged, the seat held for a reload.
    func disconnected(_ seat: Int) {
        let now = clock()
        lock.withLock {
            guard seats[seat]?.leftAt == nil else { return }
            seats[seat]?.channel = nil
            seats[seat]?.leftAt = now
            events.append(.left(seat: seat))
        }
    }
}
