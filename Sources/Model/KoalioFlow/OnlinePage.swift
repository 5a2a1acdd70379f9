import KoalioCore
import KoalioInput
import KoalioNet
import KoalioText

/// Play online's pages: Host or Join; where to host (this network, or anywhere by a room
/// code); the join form (a game found on this network, an address and the code, or a room
/// code, entered with a pad, typed or tapped); the wait for the host's answer. Indirect: the
/// mode holds a pointer, so the game's value (and every copy of it) does not carry a form's
/// layout (the release binary's guard, tools/check-binary).
package indirect enum OnlinePage: Equatable {
    /// Host a game, Join a game, Hide my address, Back; and why the last game or try ended, if it did.
    case choose(OnlineProblem?)
    /// Host a game: on this network, or anywhere (a room code); and why hosting did not work.
    case host(OnlineProblem?)
    case join(JoinForm)
    /// The form sent: the host's answer awaited (Back gives up).
    case joining(JoinForm)
}

/// Where a game hosted from Play online is found: on this network (an address and code), or
/// anywhere (a room code on the rendezvous).
package enum HostPlace: Equatable, Sendable {
    case thisNetwork, room
}

/// The join form's text, entered with a pad a character at a time (←/→ pick the character
/// offered, A adds it, B takes the last one back) or typed on a keyboard.
package struct JoinForm: Equatable {
    package enum Field: Equatable {
        /// A game on a network this machine shares: its address and session code.
        case address, code
        /// A game anywhere: its room code on the rendezvous (``RoomCode``).
        case room

        /// The characters a field takes: an address's numbers (IPv4 or IPv6, with its port),
        /// the code's digits, a room code's symbols (Crockford's base 32).
        package var alphabet: [Character] {
            switch self {
            case .address: Array("0123456789.:[]abcdef")
            case .code: Array("0123456789")
            case .room: RoomCode.alphabet
            }
        }

        /// The longest it gets: `[` an IPv6 address `]:` a port; the code's digits
        /// (`PairingSecrets.codeDigits`: KoalioAppTests hold the two equal); a room code's symbols.
        package var maxLength: Int {
            switch self {
            case .address: 47
            case .code: JoinForm.codeDigits
            case .room: RoomCode.symbols
            }
        }
    }

    package static let codeDigits = 6

    package var address: String
    package var code = ""
    /// The room code typed, its symbols without the hyphen (shown `K7M-3QX`).
    package var room = ""
    /// The character each field offers next, as an index into its alphabet.
    package var offered: [Field: Int] = [:]
    /// Why the last try did not get in.
    package var problem: OnlineProblem?
    /// The row selected (kept by what it is: games found come and go above it).
    package var at = FlowState.JoinEntry.field(.address)

    package init(address: String = "") {
        self.address = address
    }

    package subscript(field: Field) -> String {
        get {
            switch field {
            case .address: address
            case .code: code
            case .room: room
            }
        }
        set {
            switch field {
            case .address: address = newValue
            case .code: code = newValue
            case .room: room = newValue
            }
        }
    }

    /// A field as its row shows it: a room code's halves apart (`K7M-3QX`, as the host's screen shows it).
    package func shown(_ field: Field) -> String {
        guard field == .room, room.count > RoomCode.symbols / 2 else { return self[field] }
        return room.prefix(RoomCode.symbols / 2) + "-" + room.dropFirst(RoomCode.symbols / 2)
    }

    /// The character `field` offers next.
    package func offeredCharacter(_ field: Field) -> Character { field.alphabet[offered[field] ?? 0] }

    /// Offers the next (`by` 1) or the one before (-1) character of the field's alphabet.
    package mutating func pick(_ field: Field, by step: Int) {
        let count = field.alphabet.count
        offered[field] = ((offered[field] ?? 0) + step + count) % count
    }

    /// Adds a character (one of the field's) at the end, if there is room; whether it did.
    @discardableResult
    package mutating func add(_ character: Character, to field: Field) -> Bool {
        guard field.alphabet.contains(character), self[field].count < field.maxLength else { return false }
        self[field].append(character)
        return true
    }

    /// Takes the last character back; whether there was one.
    @discardableResult
    package mutating func deleteLast(of field: Field) -> Bool {
        guard !self[field].isEmpty else { return false }
        self[field].removeLast()
        return true
    }

    /// The character a key types into `field`: for a room code its symbols, any case, I and L
    /// read as 1 and O as 0 (Crockford's decoding, as ``RoomCode`` reads a typed code); for
    /// the others ``typed(_:)``'s.
    package static func typed(_ key: Key, into field: Field) -> Character? {
        guard field == .room else { return typed(key) }
        switch key.usage {
        case 4...29:
            let letter = Character(Unicode.Scalar(UInt8(0x41) + UInt8(key.usage - 4)))
            let read: Character = letter == "I" || letter == "L" ? "1" : letter == "O" ? "0" : letter
            return RoomCode.alphabet.contains(read) ? read : nil
        default:
            let digit = typed(key)
            return digit.flatMap { $0.isNumber ? $0 : nil }
        }
    }

    /// The characters keys type: the digits (the row above the letters and the keypad), the
    /// point, `;` as `:` (the same key, shifted, on most layouts; an address has no `;`), and an
    /// IPv6 address's hex letters and brackets (a text row's letters type: ``FrameInputReader/lettersType``).
    package static func typed(_ key: Key) -> Character? {
        switch key.usage {
        case 4...9: Character(Unicode.Scalar(UInt8(0x61) + UInt8(key.usage - 4)))
        case 47: "["
        case 48: "]"
        case 30...38: Character(String(key.usage - 29))
        case 39: "0"
        case 89...97: Character(String(key.usage - 88))
        case 98: "0"
        case 55, 99: "."
        case 51: ":"
        default: nil
        }
    }
}

/// Why hosting or joining did not work, or an online game from the menus ended: said on the
/// online pages in the player's language.
package enum OnlineProblem: Equatable {
    case badAddress, noCode
    /// A room code is six symbols; this one is short.
    case noRoomCode
    /// Anywhere (a room code) needs a rendezvous: none is set (koalio operates none).
    case noRendezvous
    /// Hosting or joining by a room code did not work: why.
    case roomFailed(RoomFailure)
    /// The socket could not be opened.
    case cannotHost(NetworkProblem), cannotJoin(NetworkProblem)
    case noAnswer(address: String)
    case wrongCode, codeOff
    case lockedOut(seconds: Int)
    case fullOrStarted, otherVersion
    /// The host's level is not here: its name.
    case noLevel(String)
    /// The host's level is here but does not load.
    case cannotLoad(LoadProblem)
    /// A game that was on ended: why.
    case ended(NetworkTick.End)

    /// A joiner's problem once the host's level is here (it is missing, or does not load);
    /// the others, out of a level, are a host's.
    package var isJoiners: Bool {
        switch self {
        case .noLevel, .cannotLoad: true
        default: false
        }
    }

    package var text: Text {
        switch self {
        case .badAddress: .message(.onlineBadAddress)
        case .noCode: .message(.onlineNoCode)
        case .noRoomCode: .message(.onlineNoRoomCode)
        case .noRendezvous: .message(.onlineNoRendezvous)
        case let .roomFailed(failure): .message(.onlineRoomFailed, [failure.text])
        case let .cannotHost(problem): .message(.onlineCannotHost, [problem.text])
        case let .cannotJoin(problem): .message(.onlineCannotJoin, [problem.text])
        case let .noAnswer(address): .message(.onlineNoAnswer, [.leftToRight(address)])
        case .wrongCode: .message(.onlineWrongCode)
        case .codeOff: .message(.onlineCodeOff)
        case let .lockedOut(seconds): .message(.onlineLockedOut, [.number(seconds)])
        case .fullOrStarted: .message(.onlineFull)
        case .otherVersion: .message(.onlineOtherVersion)
        case let .noLevel(name): .message(.onlineNoLevel, [.verbatim(name)])
        case let .cannotLoad(problem): problem.text
        case let .ended(end): NetworkTick.Status.ended(end).lines.lines.first ?? .empty
        }
    }
}

/// What the online devices tell the flow, as a tick's input: a joiner let in, a try that
/// failed, a game from the menus that is over. Indirect, as ``OnlinePage``: a tick's input holds
/// a pointer.
package indirect enum OnlineNews: Equatable {
    /// The host let us in; its level, found here.
    case welcomed(LevelRef)
    case failed(OnlineProblem)
    /// The online game from the menus is over (its end shown): back to Play online.
    case over(NetworkTick.End?)
    /// The networked game begins here: hosted, or joined and its level loaded (the runner
    /// takes it at once, ``FlowRunner/apply(_:)``).
    case began(OnlineGame)
    /// The host's player made a new code (its code went off); taken at once.
    case newCode(String)
    /// A room code's game hosted here: its room was made, or a player's path was found.
    case room(RoomState)
}

/// How far a room code's game hosted here has come, as its waiting screen says it.
package enum RoomState: Equatable, Sendable {
    /// The rendezvous is being reached and the room made (the code works once it is open).
    case opening
    /// The room is open: a player may join with its code.
    case open
    /// A player's machine is connected: directly, or through the rendezvous's relay.
    case connected(relayed: Bool)
}

/// A game another machine hosts on this network, as discovery found it.
package struct FoundGame: Equatable, Sendable {
    /// Where to join it (`a.b.c.d:port`).
    package var address: String
    package var levelName: String
    /// Machines in it so far, and its room.
    package var here: Int
    package var expected: Int
    /// Its address is on a network this machine is on (an interface's subnet, loopback
    /// included): marked on the join form, where a forged answer from elsewhere is not.
    package var onThisNetwork: Bool

    package init(address: String, levelName: String, here: Int, expected: Int, onThisNetwork: Bool = false) {
        self.address = address
        self.levelName = levelName
        self.here = here
        self.expected = expected
        self.onThisNetwork = onThisNetwork
    }

    /// The most characters of a level name a found game's row shows: the address beside it is kept whole.
    package static let shownNameCharacters = 14
    /// What marks a game on this machine's own network.
    package static let thisNetworkMark = "\u{2022} "

    /// The name as its row shows it: cut (with an ellipsis) to leave the address room.
    package var shownLevelName: String {
        levelName.count <= Self.shownNameCharacters ? levelName : String(levelName.prefix(Self.shownNameCharacters - 1)) + "\u{2026}"
    }
}

extension RoomFailure {
    /// Why, in the player's language (stderr has ``description``'s English).
    var text: Text {
        switch self {
        case let .noSuchRoom(code): .message(.roomNoSuch, [.leftToRight(code.description)])
        case let .roomTaken(code): .message(.roomTaken, [.leftToRight(code.description)])
        case let .refused(code, condition): .message(.roomRefused, [.leftToRight(code.description), .verbatim(condition)])
        case let .noAddress(rendezvous): .message(.roomNoAddress, [.leftToRight(rendezvous)])
        case let .unreachable(rendezvous): .message(.roomUnreachable, [.leftToRight(rendezvous)])
        case let .disconnected(detail?): .message(.roomConnectionFailed, [.verbatim(detail)])
        case .disconnected(nil): .message(.roomClosed)
        case let .rendezvousSilent(_, seconds): .message(.roomSilent, [.number(seconds)])
        case let .timedOut(seconds): .message(.roomTimedOut, [.number(seconds)])
        case .noPath: .message(.roomNoPath)
        case .peerRefused: .message(.roomPeerRefused)
        case let .missing(package): .message(.roomMissing, [.leftToRight(package)])
        }
    }
}
