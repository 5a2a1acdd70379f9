/// What koalio remembers of each address that knocked (``AddressKey``: an IPv6 host by its
/// /64): wrong codes and the lockout they earn, the seats it took lately, and its last refusal
/// (which the page asks for). A lockout stops code attempts only: a token is 128 bits and
/// cannot be guessed, so a phone that mistyped the code can still scan the QR code at once.
///
/// The table is capped and forgets: a stranger rotating through addresses grows it to
/// ``addressLimit`` entries, never more (the least recently seen goes first). That eviction
/// can clear a stranger's own lockout; what keeps guessing hopeless is the code's global
/// budget (``PhoneDoor/codeFailureBudget``), not this table. Time is seconds of a monotonic
/// clock, given.
public struct Admission: Equatable, Sendable {
    public static let failuresBeforeLockout = 5
    public static let lockoutSeconds = 60.0
    /// An address not seen for this long is forgotten.
    public static let forgetSeconds = 600.0
    public static let addressLimit = 256
    /// Seats an address may take at once before it waits, and the seconds that earn one more
    /// (a seated phone that reconnects in a loop plugs a pad in and out on the game's thread).
    public static let joinBurst = 4.0
    public static let secondsPerJoin = 2.0
    /// How long a refusal is kept for `/pad/why`.
    public static let refusalMemorySeconds = 30.0

    struct Record: Equatable, Sendable {
        var failures = 0
        var lockedUntil: Double?
        var joins = Admission.joinBurst
        var joinsCountedAt: Double
        var refusal: Refused?
        var lastSeen: Double

        init(at now: Double) {
            joinsCountedAt = now
            lastSeen = now
        }

        /// The joins available at `now` (earned back since last counted, up to the burst).
        func joinsAvailable(at now: Double) -> Double {
            min(Admission.joinBurst, joins + max(0, now - joinsCountedAt) / Admission.secondsPerJoin)
        }
    }

    private var records: [AddressKey: Record] = [:]

    public init() {}

    /// Addresses remembered now (at most ``addressLimit``).
    public var count: Int { records.count }

    /// Seconds `key` must still wait before it may type a code, nil when it may now.
    public func lockout(_ key: AddressKey, at now: Double) -> Double? {
        guard let until = records[key]?.lockedUntil, now < until else { return nil }
        return until - now
    }

    /// A wrong code from `key`: the fifth in a row locks it out for ``lockoutSeconds``.
    public mutating func recordWrongCode(from key: AddressKey, at now: Double) {
        update(key, at: now) { record in
            if let until = record.lockedUntil, now >= until { record.lockedUntil = nil }
            record.failures += 1
            if record.failures >= Self.failuresBeforeLockout {
                record.failures = 0
                record.lockedUntil = now + Self.lockoutSeconds
            }
        }
    }

    /// A good code clears the address's wrong ones.
    public mutating func recordGoodCode(from key: AddressKey, at now: Double) {
        update(key, at: now) { $0.failures = 0 }
    }

    /// Seconds `key` must wait before it may take a seat, nil when it may now.
    public func joinWait(_ key: AddressKey, at now: Double) -> Double? {
        guard let record = records[key] else { return nil }
        let available = record.joinsAvailable(at: now)
        return available >= 1 ? nil : (1 - available) * Self.secondsPerJoin
    }

    /// `key` took a seat the game saw.
    public mutating func recordJoin(from key: AddressKey, at now: Double) {
        update(key, at: now) { record in
            record.joins = record.joinsAvailable(at: now) - 1
            record.joinsCountedAt = now
        }
    }

    /// Keeps `reason` as `key`'s last refusal, for `/pad/why`.
    public mutating func remember(_ reason: Refusal, for key: AddressKey, at now: Double) {
        update(key, at: now) { $0.refusal = Refused(reason: reason, at: now) }
    }

    /// `key`'s last refusal if it was lately; a lockout's seconds as they are now.
    public func lastRefusal(of key: AddressKey, at now: Double) -> Refusal? {
        guard let refusal = records[key]?.refusal, now - refusal.at <= Self.refusalMemorySeconds else { return nil }
        if case .lockedOut = refusal.reason {
            return lockout(key, at: now).map { .lockedOut(seconds: Self.wholeSeconds($0)) }
        }
        return refusal.reason
    }

    /// Forgets the addresses not seen for ``forgetSeconds`` whose lockout is over.
    public mutating func forget(at now: Double) {
        records = records.filter { _, record in
            now - record.lastSeen < Self.forgetSeconds || (record.lockedUntil.map { now < $0 } ?? false)
        }
    }

    /// Seconds as the page shows them: whole, rounded up, at least 1.
    public static func wholeSeconds(_ seconds: Double) -> Int {
        max(1, Int(seconds.rounded(.up)))
    }

    private mutating func update(_ key: AddressKey, at now: Double, _ change: (inout Record) -> Void) {
        if records[key] == nil, records.count >= Self.addressLimit,
           let oldest = records.min(by: { $0.value.lastSeen < $1.value.lastSeen })?.key {
            records[oldest] = nil
        }
        var record = records[key] ?? Record(at: now)
        record.lastSeen = now
        change(&record)
        records[key] = record
    }
}

extension Admission {
    /// A refusal and when it was made.
    struct Refused: Equatable, Sendable {
        var reason: Refusal
        var at: Double
    }
}
