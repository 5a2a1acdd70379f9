import CSodium

/// Seals and opens the game's datagrams when they cross the internet: ChaCha20-Poly1305 (IETF,
/// libsodium) under the key the host posts in the game's room, so that no one on the way reads
/// an input or forges one, and no datagram is taken twice.
///
/// A sealed datagram is the 12-byte nonce in the clear (this machine's random 4-byte sender id,
/// then its 8-byte send counter, little-endian), then the datagram encrypted, then the 16-byte
/// tag; the nonce is the associated data. Each direction has a key of its own, derived from the
/// room's (libsodium's `crypto_kdf`: the host's datagrams under one, the joiners' under the
/// other), so a datagram sent back to its sender (reflected by someone on the path) never opens,
/// and the two directions' nonces never meet under one key; within a direction each sender
/// draws its own id and never uses a counter twice: no two datagrams share a nonce.
/// Opening checks the tag first (a forged or damaged datagram costs one MAC and is dropped), then
/// the sender's window of counters: one already taken, or ``windowSize`` or more behind the
/// newest, is a replay and is dropped.
public struct DatagramSeal: Sendable {
    public static let keyBytes = 32
    public static let nonceBytes = 12
    public static let tagBytes = 16
    /// What sealing adds to each datagram: 28 bytes.
    public static let overhead = nonceBytes + tagBytes
    /// Counters a sender's window remembers, its newest among them (a datagram that many or more
    /// behind the newest is dropped: the rollback resends what matters).
    public static let windowSize: UInt64 = 1024
    /// Senders remembered at once (a game has at most four machines; a key holder that keeps
    /// drawing new ids only pushes out its own old ones).
    public static let sendersKept = 16

    /// Which side of the game this machine is: it seals under its side's key and opens the other's.
    public enum Side: Sendable {
        case host, joiner

        /// The sub-key id of the datagrams this side sends.
        var sendsUnder: UInt64 { self == .host ? 1 : 2 }
        var opensUnder: UInt64 { self == .host ? 2 : 1 }
    }

    /// The context the sub-keys are derived in (8 bytes, as `crypto_kdf` reads it): koalio's
    /// datagrams, and nothing else's.
    static let subkeyContext = "koalioDG"

    public enum Failure: Error, Equatable, Sendable {
        /// libsodium could not start (no entropy source).
        case unavailable
        /// A key that is not ``keyBytes`` long.
        case badKey
    }

    private let sendKey: [UInt8]
    private let openKey: [UInt8]
    private let sender: UInt32
    private var sent: UInt64 = 0
    private var windows: [UInt32: Window] = [:]
    private var uses: UInt64 = 0

    /// A seal with the room's `key` for this machine on `side`, which draws its sender id.
    public init(key: [UInt8], side: Side) throws(Failure) {
        guard sodium_init() >= 0 else { throw .unavailable }
        guard key.count == Self.keyBytes else { throw .badKey }
        sendKey = try Self.subkey(side.sendsUnder, of: key)
        openKey = try Self.subkey(side.opensUnder, of: key)
        sender = randombytes_random()
    }

    /// The sub-key `id` of the room's key.
    private static func subkey(_ id: UInt64, of key: [UInt8]) throws(Failure) -> [UInt8] {
        var subkey = [UInt8](repeating: 0, count: keyBytes)
        guard crypto_kdf_derive_from_key(&subkey, keyBytes, id, subkeyContext, key) == 0 else { throw .unavailable }
        return subkey
    }

    /// A fresh random key (the host's, posted in its room).
    public static func newKey() throws(Failure) -> [UInt8] {
        guard sodium_init() >= 0 else { throw .unavailable }
        var key = [UInt8](repeating: 0, count: keyBytes)
        crypto_aead_chacha20poly1305_ietf_keygen(&key)
        return key
    }

    /// `datagram` sealed, ready to send.
    public mutating func seal(_ datagram: [UInt8]) -> [UInt8] {
        sent += 1
        var nonce = [UInt8](repeating: 0, count: Self.nonceBytes)
        for index in 0..<4 { nonce[index] = UInt8(truncatingIfNeeded: sender >> (8 * index)) }
        for index in 0..<8 { nonce[4 + index] = UInt8(truncatingIfNeeded: sent >> (8 * index)) }
        var body = [UInt8](repeating: 0, count: datagram.count + Self.tagBytes)
        var length: UInt64 = 0
        _ = crypto_aead_chacha20poly1305_ietf_encrypt(&body, &length, datagram, UInt64(datagram.count), nonce, UInt64(nonce.count), nil, nonce, sendKey)
        return nonce + body
    }

    /// The datagram inside `sealed`, or nil when it is not one of this key's (forged, damaged,
    /// cut short) or was taken before (a replay).
    public mutating func open(_ sealed: [UInt8]) -> [UInt8]? {
        guard sealed.count >= Self.overhead else { return nil }
        let nonce = Array(sealed[0..<Self.nonceBytes])
        var datagram = [UInt8](repeating: 0, count: sealed.count - Self.overhead)
        var length: UInt64 = 0
        let body = Array(sealed[Self.nonceBytes...])
        let opened = crypto_aead_chacha20poly1305_ietf_decrypt(&datagram, &length, nil, body, UInt64(body.count), nonce, UInt64(nonce.count), nonce, openKey)
        guard opened == 0 else { return nil }
        var from: UInt32 = 0, counter: UInt64 = 0
        for index in 0..<4 { from |= UInt32(nonce[index]) << (8 * index) }
        for index in 0..<8 { counter |= UInt64(nonce[4 + index]) << (8 * index) }
        uses += 1
        var window = windows[from] ?? Window()
        guard window.take(counter) else { return nil }
        window.lastUse = uses
        windows[from] = window
        if windows.count > Self.sendersKept, let oldest = windows.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            windows[oldest] = nil
        }
        return datagram
    }

    /// The counters taken from one sender: the newest, and which of the ``windowSize`` before it.
    struct Window: Sendable {
        var newest: UInt64 = 0
        var taken = [UInt64](repeating: 0, count: Int(DatagramSeal.windowSize / 64))
        var lastUse: UInt64 = 0

        /// Takes `counter` if it is new and not too old; false for a replay.
        mutating func take(_ counter: UInt64) -> Bool {
            guard counter > 0 else { return false }
            if counter > newest {
                let shift = counter - newest
                if shift >= DatagramSeal.windowSize {
                    taken = taken.map { _ in 0 }
                } else {
                    for old in (newest + 1)...counter { clear(old) }
                }
                newest = counter
                set(counter)
                return true
            }
            guard newest - counter < DatagramSeal.windowSize, !isSet(counter) else { return false }
            set(counter)
            return true
        }

        private func slot(_ counter: UInt64) -> (word: Int, bit: UInt64) {
            let index = counter % DatagramSeal.windowSize
            return (Int(index / 64), 1 << (index % 64))
        }
        private func isSet(_ counter: UInt64) -> Bool { let (word, bit) = slot(counter); return taken[word] & bit != 0 }
        private mutating func set(_ counter: UInt64) { let (word, bit) = slot(counter); taken[word] |= bit }
        private mutating func clear(_ counter: UInt64) { let (word, bit) = slot(counter); taken[word] &= ~bit }
    }
}
