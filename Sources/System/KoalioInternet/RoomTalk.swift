import CSodium

/// What a host and a joiner say in their room, one line a message. Rooms keep no history, so
/// each step answers the one before:
///
/// 1. the joiner enters and says `koalio-hello relay-only=0|1`;
/// 2. the host answers `koalio-offer relay-only=0|1 key=BASE64 ice=BASE64`: the key that seals
///    the game's datagrams, whether the relay is forced (either wanted it), its ICE description;
/// 3. the joiner answers `koalio-answer ice=BASE64`: its own.
///
/// Everything else said in a room is ignored; so is any line that does not parse.
public enum RoomTalk: Equatable, Sendable {
    case hello(relayOnly: Bool)
    case offer(relayOnly: Bool, key: [UInt8], ice: String)
    case answer(ice: String)

    /// The longest line taken (an ICE description with a dozen candidates is about 1 KB).
    public static let lineBytes = 16384

    public var line: String {
        switch self {
        case let .hello(relayOnly): "koalio-hello relay-only=\(relayOnly ? 1 : 0)"
        case let .offer(relayOnly, key, ice):
            "koalio-offer relay-only=\(relayOnly ? 1 : 0) key=\(Self.base64(key)) ice=\(Self.base64(Array(ice.utf8)))"
        case let .answer(ice): "koalio-answer ice=\(Self.base64(Array(ice.utf8)))"
        }
    }

    public init?(line: String) {
        guard line.utf8.count <= Self.lineBytes else { return nil }
        let words = line.split(separator: " ")
        guard let verb = words.first else { return nil }
        var fields: [Substring: Substring] = [:]
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { return nil }
            fields[word[..<equals]] = word[word.index(after: equals)...]
        }
        func flag(_ name: Substring) -> Bool? {
            switch fields[name] {
            case "0": false
            case "1": true
            default: nil
            }
        }
        func text(_ name: Substring) -> String? {
            fields[name].flatMap { Self.unbase64(String($0)) }.flatMap { String(validating: $0, as: UTF8.self) }
        }
        switch verb {
        case "koalio-hello":
            guard let relayOnly = flag("relay-only") else { return nil }
            self = .hello(relayOnly: relayOnly)
        case "koalio-offer":
            guard let relayOnly = flag("relay-only"), let key = fields["key"].flatMap({ Self.unbase64(String($0)) }),
                  key.count == DatagramSeal.keyBytes, let ice = text("ice") else { return nil }
            self = .offer(relayOnly: relayOnly, key: key, ice: ice)
        case "koalio-answer":
            guard let ice = text("ice") else { return nil }
            self = .answer(ice: ice)
        default:
            return nil
        }
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let variant = Int32(sodium_base64_VARIANT_ORIGINAL)
        var out = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        _ = sodium_bin2base64(&out, out.count, bytes, bytes.count, variant)
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func unbase64(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8CString.dropLast())
        var out = [UInt8](repeating: 0, count: input.count * 3 / 4 + 3)
        var length = 0
        guard sodium_base642bin(&out, out.count, input, input.count, nil, &length, nil, Int32(sodium_base64_VARIANT_ORIGINAL)) == 0 else { return nil }
        return Array(out.prefix(length))
    }
}
