/// Who may try to pair: an address that failed ``failuresBeforeLockout`` times is locked out
/// for ``lockoutSeconds``; after ``failuresBeforeNewCode`` failures in all, the code is changed
/// (the caller does it when ``recordFailure(from:at:)`` says so). Time is seconds of a monotonic
/// clock, given, so the rules are tested without waiting.
public struct Admission: Sendable {
    public static let failuresBeforeLockout = 5
    public static let lockoutSeconds = 60.0
    public static let failuresBeforeNewCode = 10

    private var failures: [String: (count: Int, lockedUntil: Double?)] = [:]
    private var failuresSinceNewCode = 0

    public init() {}

    /// Whether `address` may try now.
    public func mayTry(_ address: String, at now: Double) -> Bool {
        guard let lockedUntil = failures[address]?.lockedUntil else { return true }
        return now >= lockedUntil
    }

    /// Counts a failed try. True when the code must now be changed.
    public mutating func recordFailure(from address: String, at now: Double) -> Bool {
        var entry = failures[address] ?? (0, nil)
        if let until = entry.lockedUntil, now >= until { entry = (0, nil) }
        entry.count += 1
        if entry.count >= Self.failuresBeforeLockout { entry.lockedUntil = now + Self.lockoutSeconds }
        failures[address] = entry
        failuresSinceNewCode += 1
        guard failuresSinceNewCode >= Self.failuresBeforeNewCode else { return false }
        failuresSinceNewCode = 0
        return true
    }

    /// A good try clears the address's failures.
    public mutating func recordSuccess(from address: String) {
        failures[address] = nil
    }
}
