import KoalioAdmission

/// Who gets in, and what each socket may hold: the phone server's rules as one value, stepped
/// by the network thread (through ``PhoneHub``'s lock) and by tests with a clock of their own.
/// No socket, no thread, no clock here: every call is given `now` (seconds of a monotonic clock).
///
/// The promise is "nobody gets in who was not shown the way in", by design rather than by rate:
/// - **The code** (6 digits) is taken only while the pairing card shows, for at most
///   ``codeLifetimeSeconds``, and admits one phone. Every wrong try, from any address, spends
///   the showing's budget of ``codeFailureBudget`` (a code replaced while the card stays up, as
///   it ages or after it let a phone in, spends the same budget); then the code is off until
///   the player makes a new one on the TV. So any one showing is guessed with a chance of at
///   most budget / 10⁶ = 2×10⁻⁵, however many addresses the guesser has. A new showing of the
///   card shows a new code with a whole budget.
/// - **The token** (128 bits, in the QR code) is taken while the card shows and for
///   ``tokenGraceSeconds`` after (the phone was shown it), or after ``showToken(at:)``
///   (`--verbose` printed it). It is never locked out: it cannot be guessed.
/// - **A resume token** takes a seat back within ``seatHoldSeconds`` of its phone leaving, and
///   is replaced each time it is used.
///
/// Sockets: at most ``socketLimit``. One that has not shown a secret is *unauthenticated* and
/// must within ``gateSeconds``; one admitted is *pending* until its WebSocket is up, within
/// ``handshakeSeconds`` of opening; then *seated*. When every socket is taken, the oldest
/// unauthenticated one is closed for a new one, and an address holds at most
/// ``unauthenticatedPerAddress`` unauthenticated ones (its oldest goes), so held sockets keep
/// no phone out. However a socket ends, ``closed(_:at:)`` is the one place it is counted out.
public struct PhoneDoor<Random: RandomNumberGenerator>: Sendable where Random: Sendable {
    public typealias ConnectionID = UInt64

    /// Phones at once (and players in all: the game says how many seats are free).
    public static var seatCount: Int { 4 }
    /// A seat whose phone went away is kept this long for a reload to take back.
    public static var seatHoldSeconds: Double { 60 }
    public static var socketLimit: Int { 16 }
    public static var unauthenticatedPerAddress: Int { 4 }
    /// An unauthenticated socket must have shown a secret within this (from its opening).
    public static var gateSeconds: Double { 3 }
    /// An admitted socket must be a WebSocket within this (from its opening).
    public static var handshakeSeconds: Double { 5 }
    /// Wrong codes in all, from anywhere, before a shown code is off.
    public static var codeFailureBudget: Int { 20 }
    /// The longest a shown code stays valid.
    public static var codeLifetimeSeconds: Double { 600 }
    /// The token is taken this long after it was last shown.
    public static var tokenGraceSeconds: Double { 300 }

    /// The chance that one showing of the card is guessed, whatever the guesser does.
    public static var guessChancePerShowing: Double { Double(codeFailureBudget) / Double(PairingSecrets.codeCount) }

    /// A socket and how far it got.
    struct Connection: Sendable {
        enum Stage: Sendable { case unauthenticated, pending(seat: Int), seated(seat: Int) }
        /// Who its failures and joins count against (an IPv6 host's /64)…
        let key: AddressKey
        /// …and the peer's whole address, which its unauthenticated sockets are capped by (the
        /// hosts of an IPv6 LAN share a /64: one of them must not push out another's socket).
        let peer: [UInt8]
        let openedAt: Double
        var stage = Stage.unauthenticated

        var isUnauthenticated: Bool { if case .unauthenticated = stage { true } else { false } }
    }

    /// A phone's seat: its number is the key.
    struct Seat: Sendable {
        enum State: Sendable {
            /// Admitted on `connection`, its WebSocket not up yet; `heldSince`: the seat was
            /// held for a reload (taken back with its resume token) and is held again if this fails.
            case pending(connection: ConnectionID, heldSince: Double?)
            case connected(connection: ConnectionID)
            case held(since: Double)
        }
        var resume: [UInt8]
        var state: State
        /// Counts the seat's connections: the game sees a phone that reconnected as the same pad, its latch anew.
        var generation: UInt64
        /// Who sits there: a new number for a phone new to the seat (it gets a pad of its own),
        /// the same for one that took it back with its resume token.
        var occupant: UInt64
        /// The game has seen this connection (``seen(at:)``): its join is counted.
        var seen = false
    }

    /// A seat with a phone connected, as the game sees it once a frame.
    public struct Presence: Equatable, Sendable {
        /// Changes when a phone new to the seat takes it: its own pad, not the last one's.
        public let occupant: UInt64
        /// Changes with each connection: the same pad, its latch anew.
        public let connection: UInt64
    }

    public private(set) var secrets: PairingSecrets
    private var random: Random
    public private(set) var admission = Admission()
    private var connections: [ConnectionID: Connection] = [:]
    private var nextConnection: ConnectionID = 1
    private var seats: [Int: Seat] = [:]
    private var generations: UInt64 = 0
    private var occupants: UInt64 = 0
    /// How many phones may be connected at once (the game lowers it as other pads take players' seats).
    private var phoneLimit = 4

    private var cardShown = false
    /// When the shown code began to be shown; nil while no card shows.
    private var codeShownSince: Double?
    /// The code now has been on a card (a new showing then gets a new one).
    private var codeWasShown = false
    /// Wrong codes tried since the card began to be shown (or New code was chosen).
    public private(set) var codeFailures = 0
    /// When the token was last shown (the card went away, `--verbose` printed it).
    private var tokenShownAt: Double?

    public init(random: Random) {
        self.random = random
        secrets = PairingSecrets(using: &self.random)
    }

    // MARK: - The card

    /// No code is taken until the player makes a new one: too many wrong tries.
    public var codeOff: Bool { codeFailures >= Self.codeFailureBudget }

    /// Whether the pairing card is on screen now, and how many phones may play. A card that
    /// comes back shows a new code (unless the code is off: that waits for the player).
    public mutating func setCard(shown: Bool, phoneLimit: Int, at now: Double) {
        self.phoneLimit = phoneLimit
        switch (cardShown, shown) {
        case (false, true):
            if codeWasShown && !codeOff {
                renewCode(at: now)
                codeFailures = 0  // a new showing: a new code, a whole budget
            }
            codeShownSince = now
            codeWasShown = true
        case (true, true):
            if let since = codeShownSince, now - since > Self.codeLifetimeSeconds, !codeOff { renewCode(at: now) }
        case (true, false):
            codeShownSince = nil
            tokenShownAt = now
        case (false, false):
            break
        }
        cardShown = shown
    }

    /// The token was shown another way (`--verbose` printed it): taken for the grace from now.
    public mutating func showToken(at now: Double) {
        tokenShownAt = now
    }

    /// The player asked for a new code: a new code and a new token, the budget whole again.
    public mutating func newCode(at now: Double) {
        renewCode(at: now)
        codeFailures = 0
        secrets.renewToken(using: &random)
    }

    /// Another code, shown from `now` if the card shows; the budget goes on (only a new showing
    /// or New code makes it whole).
    private mutating func renewCode(at now: Double) {
        secrets.renewCode(using: &random)
        codeWasShown = cardShown
        if cardShown { codeShownSince = now }
    }

    func tokenTaken(at now: Double) -> Bool {
        cardShown || (tokenShownAt.map { now - $0 <= Self.tokenGraceSeconds } ?? false)
    }

    func codeTaken(at now: Double) -> Bool {
        guard cardShown, let since = codeShownSince else { return false }
        return now - since <= Self.codeLifetimeSeconds
    }

    // MARK: - Sockets

    /// Sockets open now.
    public var socketCount: Int { connections.count }

    /// A socket opened from `address` (4 or 16 bytes): its id (nil: every socket is a phone's,
    /// it is closed at once) and the unauthenticated sockets to close to make room, already
    /// counted out.
    public mutating func open(from address: [UInt8], at now: Double) -> (id: ConnectionID?, close: [ConnectionID]) {
        var evicted: [ConnectionID] = []
        let waiting = connections.filter(\.value.isUnauthenticated)
            .sorted { ($0.value.openedAt, $0.key) < ($1.value.openedAt, $1.key) }
        if let oldest = waiting.filter({ $0.value.peer == address }).dropLast(Self.unauthenticatedPerAddress - 1).first?.key {
            evicted.append(oldest)
            closed(oldest, at: now)
        }
        if connections.count >= Self.socketLimit {
            guard let oldest = waiting.first(where: { !evicted.contains($0.key) })?.key else { return (nil, evicted) }
            evicted.append(oldest)
            closed(oldest, at: now)
        }
        let id = nextConnection
        nextConnection += 1
        connections[id] = Connection(key: AddressKey(address: address), peer: address, openedAt: now)
        return (id, evicted)
    }

    /// The socket `id` ended, however (closed by either side, refused, timed out, never
    /// upgraded): a pending seat is given up (held again if it was held), a seated one is held.
    public mutating func closed(_ id: ConnectionID, at now: Double) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        switch connection.stage {
        case .unauthenticated:
            break
        case let .pending(number):
            guard case let .pending(pendingID, heldSince)? = seats[number]?.state, pendingID == id else { return }
            if let heldSince { seats[number]?.state = .held(since: heldSince) } else { seats[number] = nil }
        case let .seated(number):
            guard case let .connected(connectedID)? = seats[number]?.state, connectedID == id else { return }
            seats[number]?.state = .held(since: now)
        }
    }

    /// The sockets past their deadline (the caller closes them; ``closed(_:at:)`` follows), with
    /// held seats past their time freed and old addresses forgotten.
    public mutating func sweep(at now: Double) -> [ConnectionID] {
        seats = seats.filter { _, seat in
            if case let .held(since) = seat.state { return now - since <= Self.seatHoldSeconds }
            return true
        }
        admission.forget(at: now)
        return connections.compactMap { id, connection in
            switch connection.stage {
            case .unauthenticated: now - connection.openedAt >= Self.gateSeconds ? id : nil
            case .pending: now - connection.openedAt >= Self.handshakeSeconds ? id : nil
            case .seated: nil
            }
        }.sorted()
    }

    // MARK: - Admission

    /// Lets socket `id` in with a token or a typed code, and `resume` for its old seat: the seat
    /// number, pending until ``upgraded(_:at:)``, or why not (kept for `/pad/why`). Also the
    /// socket to close: a seat's old connection that its resume token takes over (a phone that
    /// came back before the game saw it go). Nothing is compared with the code unless a new seat
    /// could be given now.
    public mutating func admit(_ id: ConnectionID, token: Substring?, code: Substring?, resume: Substring?,
                               at now: Double) -> (seat: Result<Int, Refusal>, close: ConnectionID?) {
        guard let connection = connections[id], connection.isUnauthenticated else { return (.failure(.badRequest), nil) }
        let key = connection.key
        let busy = admission.joinWait(key, at: now).map { Refusal.busy(seconds: Admission.wholeSeconds($0)) }
        let playing = seats.values.filter { if case .held = $0.state { false } else { true } }.count
        if let resume, let number = seatResumed(by: resume, at: now) {
            if let busy { return (refuse(busy, key, now), nil) }
            switch seats[number]?.state {
            case let .held(since)?:
                guard playing < phoneLimit else { return (refuse(.full, key, now), nil) }
                return (seat(number, for: id, heldSince: since), nil)
            case let .connected(old)?:
                // Its old connection has not been seen to close (a phone whose Wi-Fi dropped):
                // the phone that holds the resume token is the seat's, on its new connection.
                connections[old]?.stage = .unauthenticated
                return (seat(number, for: id, heldSince: now), old)
            default:
                return (refuse(.staleResume, key, now), nil)
            }
        }
        // A free number, or the one held longest for a phone that has not come back.
        let free = playing < phoneLimit ? (1...Self.seatCount).first(where: { seats[$0] == nil }) ?? longestHeldSeat() : nil
        if let token {
            guard tokenTaken(at: now), secrets.matches(token: token) else { return (refuse(.badToken, key, now), nil) }
            guard let number = free else { return (refuse(.full, key, now), nil) }
            if let busy { return (refuse(busy, key, now), nil) }
            return (newSeat(number, for: id), nil)
        }
        guard let code else { return (refuse(resume == nil ? .badRequest : .staleResume, key, now), nil) }
        if let wait = admission.lockout(key, at: now) { return (refuse(.lockedOut(seconds: Admission.wholeSeconds(wait)), key, now), nil) }
        guard !codeOff else { return (refuse(.codeOff, key, now), nil) }
        guard codeTaken(at: now) else { return (refuse(.noCard, key, now), nil) }
        guard let number = free else { return (refuse(.full, key, now), nil) }
        if let busy { return (refuse(busy, key, now), nil) }
        guard secrets.matches(code: code) else {
            codeFailures += 1
            admission.recordWrongCode(from: key, at: now)
            return (refuse(.wrongCode, key, now), nil)
        }
        admission.recordGoodCode(from: key, at: now)
        renewCode(at: now)  // a code admits one phone
        return (newSeat(number, for: id), nil)
    }

    /// The seat whose resume token `text` is, if its phone may still take it back (connected, or held for a reload).
    private func seatResumed(by text: Substring, at now: Double) -> Int? {
        seats.first { _, seat in
            switch seat.state {
            case let .held(since): guard now - since <= Self.seatHoldSeconds else { return false }
            case .connected: break
            case .pending: return false
            }
            return PairingSecrets.constantTimeEqual(Array(text.utf8), Array(PairingSecrets.hex(seat.resume).utf8))
        }?.key
    }

    /// Seat `number` for a phone new to it: a new occupant (the game gives it a pad of its own).
    private mutating func newSeat(_ number: Int, for id: ConnectionID) -> Result<Int, Refusal> {
        occupants += 1
        seats[number] = Seat(resume: PairingSecrets.randomBytes(using: &random), state: .pending(connection: id, heldSince: nil),
                             generation: 0, occupant: occupants)
        connections[id]?.stage = .pending(seat: number)
        return .success(number)
    }

    private mutating func seat(_ number: Int, for id: ConnectionID, heldSince: Double?) -> Result<Int, Refusal> {
        seats[number]?.state = .pending(connection: id, heldSince: heldSince)
        connections[id]?.stage = .pending(seat: number)
        return .success(number)
    }

    private func longestHeldSeat() -> Int? {
        seats.compactMap { number, seat in
            if case let .held(since) = seat.state { (number, since) } else { nil }
        }.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    private mutating func refuse(_ reason: Refusal, _ key: AddressKey, _ now: Double) -> Result<Int, Refusal> {
        admission.remember(reason, for: key, at: now)
        return .failure(reason)
    }

    /// A refusal not tied to the secrets (a `Host`, `Origin` or body that is not right), kept for `/pad/why`.
    public mutating func refuse(_ id: ConnectionID, _ reason: Refusal, at now: Double) {
        guard let key = connections[id]?.key else { return }
        admission.remember(reason, for: key, at: now)
    }

    /// `/pad/why` from `id`: its address's last refusal, if lately.
    public func why(_ id: ConnectionID, at now: Double) -> Refusal? {
        connections[id].flatMap { admission.lastRefusal(of: $0.key, at: now) }
    }

    /// Socket `id`'s WebSocket is up: its seat is connected, with a new resume token. The seat, or
    /// nil if it was not pending (closed meanwhile).
    public mutating func upgraded(_ id: ConnectionID, at now: Double) -> Int? {
        guard case let .pending(number)? = connections[id]?.stage,
              case let .pending(pendingID, _)? = seats[number]?.state, pendingID == id else { return nil }
        generations += 1
        seats[number]?.state = .connected(connection: id)
        seats[number]?.resume = PairingSecrets.randomBytes(using: &random)
        seats[number]?.generation = generations
        seats[number]?.seen = false
        connections[id]?.stage = .seated(seat: number)
        return number
    }

    // MARK: - What the game reads

    /// What the game reads once a frame: ``connectedSeats``. A connection it sees for the first
    /// time is a join of its address, counted toward the address's cap; one that came and went
    /// between two frames (a half-finished upgrade, a dropped one) cost the game nothing and
    /// counts for nothing.
    public mutating func seen(at now: Double) -> [Int: Presence] {
        for (number, seat) in seats where !seat.seen {
            guard case let .connected(id) = seat.state, let key = connections[id]?.key else { continue }
            admission.recordJoin(from: key, at: now)
            seats[number]?.seen = true
        }
        return connectedSeats
    }

    /// The seats with a phone connected now, and who and on which connection, so the game
    /// plugs pads in and out once a frame at most.
    public var connectedSeats: [Int: Presence] {
        seats.compactMapValues { seat in
            if case .connected = seat.state { Presence(occupant: seat.occupant, connection: seat.generation) } else { nil }
        }
    }

    /// The seat socket `id` is connected to, if it is.
    public func seat(of id: ConnectionID) -> Int? {
        if case let .seated(number)? = connections[id]?.stage { number } else { nil }
    }

    /// The socket a seat's phone is connected on, if it is.
    public func connection(ofSeat number: Int) -> ConnectionID? {
        if case let .connected(id)? = seats[number]?.state { id } else { nil }
    }

    /// The token a seat's page keeps to take it back after a reload.
    public func resumeToken(of seat: Int) -> [UInt8]? { seats[seat]?.resume }
}
