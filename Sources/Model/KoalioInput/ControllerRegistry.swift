import KoalioCore

/// What applying a pad event changed, as values for the game to act on (Apple's
/// `GCController` notifications, returned instead of called back).
public enum ControllerChange {
    case connected(Controller)
    /// The controller that left, and whether it was the one in use.
    case disconnected(Controller, wasInUse: Bool)
    case becameCurrent(Controller)
    /// Input from a pad (past the dead zone), after `current` has followed it.
    case input(Controller)
    /// A co-op player's pad left (after `disconnected`): the player keeps their koala, without input.
    case playerPadLost(Controller, player: Int)
    /// A co-op player's pad came back (after `connected`), known by its ``PadIdentity``.
    case playerPadReturned(Controller, player: Int)

    /// Whether a pad was used (past the dead zone): someone is playing with it. (Plugging one
    /// in is not using it.)
    public var isUse: Bool {
        if case .input = self { return true }
        return false
    }
}

/// A co-op player (2–4) and their pad: kept while the pad is away, so plugging it back, or A
/// on another free pad, gives them their koala again.
public struct Seat: Equatable, Sendable {
    public let player: Int
    /// The pad now steering; nil while it is away.
    public var pad: ControllerID?
    /// The pad's identity, to know it again when it is plugged back.
    public var identity: PadIdentity
}

/// One tick's input of every player (``ControllerRegistry/teamInput(seats:)``).
public struct TeamInput {
    /// Player 1's controllers merged.
    public var snapshot: GamepadSnapshot
    /// Player 1's presses, and Start from any pad (anyone pauses).
    public var pressed: TickPresses
    /// Players 2–4 seated, in player order: their pad (nil while away), its snapshot (neutral
    /// while away) and its A press.
    public var partners: [(player: Int, pad: Controller?, snapshot: GamepadSnapshot, pressed: TickPresses)] = []
    /// Pads that are no one's whose A went down: they ask to join.
    public var joinRequests: [Controller] = []
    /// Players whose Back / View / Create has been held for ``ControllerRegistry/leaveHoldTicks``.
    public var leaveRequests: [Int] = []
}

/// Every controller — the keyboard, the on-screen controls and the pads, as peers — which pad
/// is in use, the players, and each tick's input: the one owner of controller state. The
/// platform layer reports ``PadEvent``s; ``apply(_:)`` turns them into controller state and
/// returns what changed, in order (connected, then became current; disconnected, then the next
/// one current). ``tickInput(player:)`` merges a player's controllers into one tick's input.
///
/// Players own sets of controllers (``player(of:seats:)``): player 1 the keyboard, the on-screen
/// controls while shown, and the pad in use (``current``); players 2–4 the pad they joined
/// with (their ``Seating``, which the game's state holds and hands in: who plays is the game's
/// to decide, which device is whose the registry's). Other pads are no one's: their A asks to
/// join, their Start pauses.
///
/// The pad in use is the first connected; while ``currentFollowsInput`` (the menus) it is the
/// one that last had input, so the pad that started a level plays player 1 in it. It gets
/// player index 1 and the koala colour; a seated pad its player's number and colour; others no
/// index. Whatever the pads must show is queued as ``ControllerEffect``s for the platform layer.
public final class ControllerRegistry {
    /// The connected game pads, in connection order.
    public private(set) var controllers: [Controller] = []
    public private(set) var current: Controller?
    /// The keyboard, always there.
    public let keyboard = KeyboardController()
    /// The on-screen controls, once attached; they steer only while ``onScreenShown``.
    public private(set) var onScreen: Controller?
    public var onScreenShown = true
    /// Whether input on another free pad makes it the pad in use (the menus); in a level it
    /// does not, so a second person's pad joins instead of taking the koala.
    public var currentFollowsInput = true
    /// Holding Back / View / Create this long leaves the game: 2 s.
    public static let leaveHoldTicks = 2 * Tick.perSecond
    /// The light of a pad that is no one's: dim, so it does not read as a player's colour.
    public static let freePadColor = Color(40, 40, 40)
    private var pendingEffects: [ControllerEffect] = []
    /// Which keys and pad buttons do what (the settings); pads are read through them.
    public var bindings = Bindings() {
        didSet { keyboard.keys = bindings.keys }
    }
    /// The pads' stick dead zone (the settings'); applies to pads there and to come.
    public var deadZone = DeadZone.standard {
        didSet { for pad in controllers { pad.extendedGamepad.deadZone = deadZone } }
    }
    /// How hard pads rumble, 0 (never) … 1 (as asked).
    public var rumbleStrength: Float = 1
    /// Each controller's press counts as of the last tick, to find presses between ticks.
    var lastPresses: [ControllerID: GamepadPresses] = [:]

    /// The light-bar colour of player 1's pad: eucalyptus green.
    public static let koalaColor = PlayerColors.of(1)

    public init() {
        lastPresses[.keyboard] = GamepadPresses(keyboard.gamepad)
    }

    /// Adds the on-screen controls as a controller like the others.
    public func attachOnScreen(_ controller: Controller) {
        onScreen = controller
        lastPresses[controller.id] = GamepadPresses(controller.extendedGamepad)  // so a first press is a change
    }

    /// The player a controller belongs to: 1 for the keyboard, the on-screen controls and the pad
    /// in use, 2–4 for a seated pad, nil for a pad that is no one's.
    public func player(of id: ControllerID, seats: Seating) -> Int? {
        guard id.padID != nil else { return 1 }
        if current?.id == id { return 1 }
        return seats.player(of: id)
    }

    /// A free pad asks to join: it takes the seat of a player whose pad is away (the lowest
    /// number), else the lowest free number. Returns the player number; nil when it is already
    /// someone's, or every seat is taken.
    @discardableResult
    public func join(_ controller: Controller, seats: inout Seating) -> Int? {
        guard self.controller(id: controller.id) != nil, player(of: controller.id, seats: seats) == nil else { return nil }
        guard let player = seats.seat(controller) else { return nil }
        reassignPlayerIndices(seats)
        return player
    }

    /// A co-op player leaves: their pad (if here) is no one's again.
    public func leave(player: Int, seats: inout Seating) {
        guard seats.unseat(player) else { return }
        reassignPlayerIndices(seats)
    }

    public func controller(id: ControllerID) -> Controller? { controllers.first { $0.id == id } }

    /// Applies one pad event; returns what it changed.
    @discardableResult
    public func apply(_ event: PadEvent, seats: inout Seating) -> [ControllerChange] {
        switch event {
        case let .added(description):
            let controller = Controller(id: .pad(description.id), identity: description.identity, vendorName: description.name, productCategory: description.category,
                                        hasLight: description.hasLight, hasRumble: description.hasRumble)
            controller.battery = description.battery
            // Start from how the pad is held, not from rest (and that is no input yet).
            for button in description.heldButtons { controller.extendedGamepad.apply(button, down: true) }
            for (axis, value) in description.axes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                _ = controller.extendedGamepad.apply(axis, value: value)
            }
            return connect(controller, seats: &seats)
        case let .removed(id):
            return disconnect(id: .pad(id), seats: &seats)
        case let .button(id, button, down):
            guard let controller = controller(id: .pad(id)) else { return [] }
            controller.extendedGamepad.apply(button, down: down)
            return down ? noteInput(from: controller, seats: seats) : []
        case let .axis(id, axis, value):
            guard let controller = controller(id: .pad(id)) else { return [] }
            return controller.extendedGamepad.apply(axis, value: value) ? noteInput(from: controller, seats: seats) : []
        case let .battery(id, battery):
            controller(id: .pad(id))?.battery = battery
            return []
        }
    }

    @discardableResult
    public func connect(_ controller: Controller, seats: inout Seating) -> [ControllerChange] {
        guard self.controller(id: controller.id) == nil else { return [] }
        controllers.append(controller)
        controller.extendedGamepad.deadZone = deadZone
        lastPresses[controller.id] = presses(of: controller)
        // A co-op player's pad plugged back is theirs again (the first such player, by number).
        if let player = seats.returning(controller) {
            reassignPlayerIndices(seats, new: controller)
            return [.connected(controller), .playerPadReturned(controller, player: player)]
        }
        let becomesCurrent = current == nil
        if becomesCurrent { current = controller }
        reassignPlayerIndices(seats, new: controller)
        return becomesCurrent ? [.connected(controller), .becameCurrent(controller)] : [.connected(controller)]
    }

    /// The pad left: its inputs are released; if it was in use the first free pad still
    /// connected takes over; a co-op player's keeps their seat, waiting for a pad.
    @discardableResult
    public func disconnect(id: ControllerID, seats: inout Seating) -> [ControllerChange] {
        guard let index = controllers.firstIndex(where: { $0.id == id }) else { return [] }
        let controller = controllers.remove(at: index)
        lastPresses[controller.id] = nil
        controller.extendedGamepad.releaseAll()
        controller.playerIndex = .unset
        let wasCurrent = current === controller
        let seated = seats.padLeft(id)
        if wasCurrent { current = controllers.first { seats.player(of: $0.id) == nil } }
        reassignPlayerIndices(seats)
        var changes: [ControllerChange] = [.disconnected(controller, wasInUse: wasCurrent)]
        if wasCurrent, let next = current { changes.append(.becameCurrent(next)) }
        if let seated { changes.append(.playerPadLost(controller, player: seated)) }
        return changes
    }

    /// A pad had input: if it is free, not the one in use, and ``currentFollowsInput``, it
    /// becomes the one in use at once.
    @discardableResult
    public func noteInput(from controller: Controller, seats: Seating) -> [ControllerChange] {
        guard controllers.contains(where: { $0 === controller }) else { return [] }
        var changes: [ControllerChange] = []
        if current !== controller && (currentFollowsInput || current == nil) && seats.player(of: controller.id) == nil {
            current = controller
            reassignPlayerIndices(seats)
            changes.append(.becameCurrent(controller))
        }
        return changes + [.input(controller)]
    }

    /// Asks the pad in use to rumble, where it can, at ``rumbleStrength``.
    public func rumbleCurrent(low: Float, high: Float, milliseconds: Int) {
        rumble(current, low: low, high: high, milliseconds: milliseconds)
    }

    /// Asks a player's pad to rumble (player 1's: the pad in use; a co-op player's: their
    /// seat's, if it is here), where it can, at ``rumbleStrength``.
    public func rumble(player: Int, seats: Seating, low: Float, high: Float, milliseconds: Int) {
        let pad = player == 1 ? current : seats.seats[player]?.pad.flatMap { controller(id: $0) }
        rumble(pad, low: low, high: high, milliseconds: milliseconds)
    }

    private func rumble(_ controller: Controller?, low: Float, high: Float, milliseconds: Int) {
        guard let controller, controller.hasRumble, let pad = controller.id.padID, rumbleStrength > 0 else { return }
        pendingEffects.append(.rumble(controllerID: pad, low: low * rumbleStrength, high: high * rumbleStrength, milliseconds: milliseconds))
    }

    /// Effects queued since the last call, in order.
    public func drainEffects() -> [ControllerEffect] {
        defer { pendingEffects.removeAll() }
        return pendingEffects
    }

    /// Player 1's pad shows 1 and the koala's colour, a seated pad its player's number and
    /// colour, a free pad no number and a dim light. A `new` pad is told even what the model
    /// already holds for it (SDL gives a pad it opens the next free number of its own).
    private func reassignPlayerIndices(_ seats: Seating, new: Controller? = nil) {
        for controller in controllers {
            guard let pad = controller.id.padID else { continue }
            let player = self.player(of: controller.id, seats: seats)
            let index = player.map { PlayerIndex.index($0) } ?? .unset
            let color = player.map { PlayerColors.of($0) } ?? Self.freePadColor
            if controller.playerIndex != index || controller === new {
                controller.playerIndex = index
                pendingEffects.append(.setPlayerIndex(controllerID: pad, index))
            }
            if controller.hasLight && (controller.lightColor != color || controller === new) {
                controller.lightColor = color
                pendingEffects.append(.setLight(controllerID: pad, color))
            }
        }
    }
}
