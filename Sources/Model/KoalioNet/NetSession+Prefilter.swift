/// The look a datagram gets before it costs anything: its first 12 bytes (magic, version, kind,
/// and the token or nonce that follows) against what this session could take now. A stranger's
/// datagram, however well formed, is turned away here without a byte copied or allocated, so a
/// flood costs the game the reads alone (the attack it answers: 20,000 well-formed inputs a
/// second with made-up tokens, each decoded in full, held the host's frame past its time).
extension NetSession {
    /// Bytes every datagram the session takes begins with: magic (2), version, kind, then a
    /// 64-bit token (input, bye) or nonce (welcome, refuse, hello).
    static let prefixBytes = 12

    /// Whether `datagram` may concern this session: a hello while a host could answer it, an
    /// answer to our own hello, or an input or bye with a live link's token. The sender's
    /// address is checked after (``receive(_:from:at:random:)``): a token guessed is 2⁻⁶⁴.
    public func mayConcern(_ datagram: UnsafeRawBufferPointer) -> Bool {
        guard datagram.count >= Self.prefixBytes, datagram.count <= NetMessage.maxBytes,
              datagram[0] == NetMessage.magic[0], datagram[1] == NetMessage.magic[1], datagram[2] == NetMessage.version,
              let kind = NetMessage.Kind(rawValue: datagram[3]) else { return false }
        var word: UInt64 = 0
        for offset in (4..<Self.prefixBytes).reversed() { word = word << 8 | UInt64(datagram[offset]) }
        switch kind {
        case .hello:
            guard role == .host, datagram.count == NetMessage.helloBytes else { return false }
            if case .finished = phase { return false }
            return true
        case .welcome, .refuse:
            guard role == .joiner, case .joining = phase else { return false }
            return word == nonce
        case .input, .bye:
            return links.contains { $0.token == word && !$0.removed }
        }
    }

    /// Datagrams turned away before decoding (``mayConcern(_:)``), counted with the dropped (not
    /// in the bytes received: those are the game's own traffic).
    public mutating func turnedAway(_ count: Int) {
        stats.datagramsDropped += count
    }

    /// Where the host's live joiners are: a connected socket each keeps a flood of strangers'
    /// datagrams from crowding theirs out.
    public var joinerAddresses: [NetAddress] {
        role == .host ? links.filter { $0.isLive && $0.welcome != nil }.map(\.address) : []
    }
}
