import KoalioAdmission
import KoalioCore
import KoalioInput
import KoalioPhone
import KoalioLocalServer
import KoalioScriptPlayback
import KoalioSDL
import KoalioSystem
import KoalioText

/// Phones as game pads: each phone the server let in becomes an SDL virtual game controller
/// named "Phone N", plugged in when its page connects and out when it closes, so the game
/// treats it as any pad (hot-plug, the HUD hiding, joining co-op with A, its player's light).
///
/// Once a frame, before SDL's events are pumped, ``update()`` drains the hub: seats that came
/// and went, and each phone's latest frame, stepped through its ``PhonePadLatch`` (a tap held
/// for one frame, two quick taps two presses) and set on its pad. The network only decides which tick
/// an input lands on: replays record the pad as any other.
@MainActor
public final class PhonePads {
    public let hub: PhoneHub
    /// The server this game started (nil: a hub filled from elsewhere, as in tests).
    private let server: PhoneServer?
    /// Where the card sends phones (`ADDRESS:PORT`).
    private let address: String?
    /// The card as last made, and what it was made of (a code changes when used, shown anew or asked for).
    private var made: (pairing: PhoneHub.Pairing, card: PairingCard?)?
    /// `--verbose`: the way in is said on stderr, and what was said last.
    private let verbose: Bool
    private var said: PhoneHub.Pairing?
    /// `--verbose`: whether the pairing card was last said to show.
    private var saidShown = false
    private var pads: [Int: Pad] = [:]
    /// A phone has a pad: its frames come from the server's thread, so the loop keeps pacing.
    var hasPhones: Bool { !pads.isEmpty }

    /// One phone's pad and what of it was set and sent.
    private struct Pad {
        let virtual: VirtualPad
        /// Who and which connection it follows (a new connection: the phone came back, its latch
        /// starts anew; a new occupant: another phone, another pad).
        var presence: PhoneHub.Door.Presence
        /// When its connection went (nil: connected): unplugged ``unplugGraceSeconds`` after.
        var goneSince: Double?
        var latch = PhonePadLatch()
        /// What the virtual pad was last set to.
        var set = PhonePadLatch()
        var sentPlayer: Int?
        var sentLights = 0
        var sentRumbles = 0
    }

    /// A phone whose connection went is unplugged this long after, everything it held let go at
    /// once: a page that reloads, or a phone that reconnects (an address's joins are capped at
    /// one per ``Admission/secondsPerJoin``), keeps its pad, so the game neither pauses nor
    /// fades its on-screen controls in and out for it.
    static let unplugGraceSeconds = 3.0

    /// The buttons of a phone, by SDL's names: A jumps, B dashes, the pause key is Start.
    private static let buttonNames: [PhonePadLatch.Button: String] = [.a: "a", .b: "b", .pause: "start"]

    /// - Parameter address: where the card sends phones (`ADDRESS:PORT`, the first the server listens on).
    public init(hub: PhoneHub, address: String?, server: PhoneServer? = nil, verbose: Bool = false) {
        self.hub = hub
        self.address = address
        self.server = server
        self.verbose = verbose
    }

    /// Starts the server on `listen` (`ADDRESS:PORT`), or on the private addresses of the default
    /// route's network, and says on stderr where it listens; with `verbose`, the way in too
    /// (the token and the code: the token is then taken for a few minutes without a card).
    /// - Parameter words: every language the game speaks: the page speaks the phone's own.
    static func start(listen: String?, verbose: Bool, words: [Words] = [.english]) throws(LocalListener.Failure) -> PhonePads {
        let hub = PhoneHub(clock: MonotonicClock.seconds)
        let server = try PhoneServer(hub: hub, listen: try listen.map { text throws(LocalListener.Failure) in try LocalListener.ListenAddress(parsing: text) },
                                     words: words)
        for (address, interface) in zip(server.addresses, server.interfaces) {
            StandardError.writeLine("koalio: phones: listening on \(address)" + (interface.isEmpty ? "" : " (\(interface))"))
        }
        let pads = PhonePads(hub: hub, address: server.addresses.first, server: server, verbose: verbose)
        pads.sayTheWayIn()
        return pads
    }

    /// With `--verbose`: the way in on stderr whenever it changes (a new code, a new token).
    private func sayTheWayIn() {
        let pairing = hub.pairing
        guard verbose, pairing != said, let server else { return }
        said = pairing
        hub.showToken()
        for address in server.addresses {
            let code = pairing.codeOff ? "no code (too many wrong tries: Add a phone → New code)" : "the code \(pairing.code)"
            StandardError.writeLine("koalio: phones: open http://\(address)/#\(pairing.token) on a phone, or http://\(address)/ and \(code)")
        }
    }

    /// Every phone's pad unplugged and the server stopped (phone pads turned off, or the game ends).
    func stop() {
        detachAll()
        server?.stop()
    }

    /// What the title and pause screens show phones (nil if no QR code could be made of it).
    var card: PairingCard? {
        let pairing = hub.pairing
        if let made, made.pairing == pairing { return made.card }
        let card = address.flatMap { PairingCard.make(address: $0, token: pairing.token, code: pairing.code, codeOff: pairing.codeOff) }
        made = (pairing, card)
        return card
    }

    /// Tells the hub whether the card is on screen (a typed code is valid only then) and how
    /// many phones may be connected (``phoneLimit(_:seats:)``).
    func cardShown(_ shown: Bool, registry: ControllerRegistry, seats: Seating) {
        hub.setCardShown(shown, phoneLimit: phoneLimit(registry, seats: seats))
        if verbose && shown != saidShown {
            saidShown = shown
            StandardError.writeLine(shown ? "koalio: phones: the pairing card shows (Add a phone): the code lets a phone in"
                                          : "koalio: phones: the pairing card is gone: the code lets no phone in")
        }
        sayTheWayIn()
    }

    /// The player chose New code: a new code and token (the card changes with them).
    func newCode() {
        hub.newCode()
        sayTheWayIn()
    }

    /// Phones that may be connected at once (the rule is the seats': ``Seating/phoneSeats(phones:playerOne:)``).
    func phoneLimit(_ registry: ControllerRegistry, seats: Seating) -> Int {
        seats.phoneSeats(phones: Set(pads.values.map { ControllerID.pad($0.virtual.instanceID) }), playerOne: registry.current?.id)
    }

    /// Every phone's pad unplugged (the game is ending).
    public func detachAll() {
        for pad in pads.values { pad.virtual.detach() }
        pads = [:]
    }

    /// The phones' comings and goings and their latest frames onto their pads; returns the
    /// frames drained (what `make bench` times from the network to the pad).
    @discardableResult
    public func update() throws(SDLError) -> [Int: PhoneHub.Arrival] {
        let (seats, frames) = hub.drain()
        let now = hub.now
        // Comings and goings as the seats are now, not as they happened: a phone that
        // reconnects many times between two frames plugs in no pad. One whose connection went
        // lets go of everything at once and is unplugged after a grace; back within it (a
        // reload, a phone that reconnects), it keeps its pad with its latch anew.
        for (seat, var pad) in pads where seats[seat] == nil {
            if let goneSince = pad.goneSince {
                guard now - goneSince >= Self.unplugGraceSeconds else { continue }
                pad.virtual.detach()
                pads[seat] = nil
            } else {
                pad.goneSince = now
                pad.latch = PhonePadLatch()
                pads[seat] = pad
            }
        }
        for (seat, presence) in seats.sorted(by: { $0.key < $1.key }) {
            if var pad = pads[seat], pad.presence.occupant == presence.occupant {
                guard pad.presence != presence || pad.goneSince != nil else { continue }
                pad.presence = presence
                pad.goneSince = nil
                pad.latch = PhonePadLatch()
                pad.sentPlayer = nil  // its page gets its seat, player and new resume token
                pads[seat] = pad
            } else {
                pads[seat]?.virtual.detach()  // a phone new to the seat: not the last one's koala
                pads[seat] = Pad(virtual: try VirtualPad(kind: .generic, name: Text.phonePadName(seat: seat)), presence: presence)
            }
        }
        for seat in pads.keys.sorted() {
            guard var pad = pads[seat] else { continue }
            pad.latch.step(receiving: frames[seat]?.frame)
            try apply(&pad)
            tell(seat, &pad)
            pads[seat] = pad
        }
        return frames
    }

    /// The latch's frame onto the virtual pad: only what changed is set.
    private func apply(_ pad: inout Pad) throws(SDLError) {
        let now = pad.latch, was = pad.set
        if now.stickX != was.stickX { try pad.virtual.set(axis: "leftx", value: Float(now.stickX) / 32767) }
        if now.stickY != was.stickY { try pad.virtual.set(axis: "lefty", value: Float(now.stickY) / 32767) }
        for button in PhonePadLatch.Button.allCases where now.down.contains(button) != was.down.contains(button) {
            guard let name = Self.buttonNames[button] else { continue }
            try pad.virtual.set(button: name, down: now.down.contains(button))
        }
        pad.set = now
    }

    /// What SDL asked of the pad since the last frame, sent to its page: the player number and
    /// light colour, rumble.
    private func tell(_ seat: Int, _ pad: inout Pad) {
        let calls = pad.virtual.calls
        let player = (calls.playerIndices.last ?? -1) + 1
        if player != pad.sentPlayer || calls.lights.count != pad.sentLights, let resume = hub.resumeToken(of: seat) {
            let light = calls.lights.last ?? Color(255, 255, 255)
            hub.send(.seat(number: seat, player: player, red: light.r, green: light.g, blue: light.b, resume: resume), to: seat)
            pad.sentPlayer = player
            pad.sentLights = calls.lights.count
        }
        for rumble in calls.rumbles.dropFirst(pad.sentRumbles) where rumble.low > 0 || rumble.high > 0 {
            hub.send(.rumble(milliseconds: 200, strength: UInt8(max(rumble.low, rumble.high) >> 8)), to: seat)
        }
        pad.sentRumbles = calls.rumbles.count
    }
}
