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
}

/// Every controller — the keyboard, the on-screen controls and the pads, as peers — which pad
/// is in use, the players, and each tick's input: the one owner of controller state. The
/// platform layer reports ``PadEvent``s; ``apply(_:)`` turns them into controller state and
/// returns what changed, in order (connected, then became current; disconnected, then the next
/// one current). ``tickInput(player:)`` merges a player's controllers into one tick's input.
///
/// Players own sets of controllers: for now every controller is player 1's (the keyboard, the
/// on-screen controls while shown, every pad); local co-op will give pads to players 2–4
/// through ``player(of:)``.
///
/// The pad in use is ``current``: the one that last had input (a new pad is current until
/// another is used). It gets player index 1 and the koala colour; the others 2…4 in connection
/// order. Whatever the pads must show is queued as ``ControllerEffect``s for the platform layer.
public final class ControllerRegistry {
    /// The connected game pads, in connection order.
    public private(set) var controllers: [Controller] = []
    public private(set) var current: Controller?
    /// The keyboard, always there.
    public let keyboard = KeyboardController()
    /// The on-screen controls, once attached; they steer only while ``onScreenShown``.
    public private(set) var onScreen: Controller?
    public var onScreenShown = true
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
    private var lastPresses: [ControllerID: GamepadPresses] = [:]

    /// The light-bar colour of the pad that drives the koala: eucalyptus green.
    public static let koalaColor = Color(111, 174, 143)
    /// Light-bar colours for players 2…4.
    public static let otherPlayerColors = [Color(80, 120, 230), Color(230, 90, 80), Color(230, 190, 60)]

    public init() {
        lastPresses[.keyboard] = GamepadPresses(keyboard.gamepad)
    }

    /// Adds the on-screen controls as a controller like the others.
    public func attachOnScreen(_ controller: Controller) {
        onScreen = controller
        lastPresses[controller.id] = GamepadPresses(controller.extendedGamepad)  // so a first press is a change
    }

    /// The player a controller belongs to (1 for every controller until local co-op).
    public func player(of id: ControllerID) -> Int { 1 }

    /// The controllers a player steers with now: keyboard, on-screen controls while shown, pads.
    public func controllers(ofPlayer player: Int) -> [Controller] {
        let all = [keyboard.controller] + (onScreenShown ? onScreen.map { [$0] } ?? [] : []) + controllers
        return all.filter { self.player(of: $0.id) == player }
    }

    /// One tick's input of a player: every controller's snapshot merged
    /// (``GamepadSnapshot/merging(_:)``) and every press any of them made since the last tick.
    /// Every controller's press counts move on, so one that starts steering brings no old presses.
    public func tickInput(player: Int) -> (snapshot: GamepadSnapshot, pressed: TickPresses) {
        let steering = controllers(ofPlayer: player)
        var pressed: TickPresses = []
        for controller in [keyboard.controller] + (onScreen.map { [$0] } ?? []) + controllers {
            let presses = presses(of: controller)
            if steering.contains(where: { $0 === controller }) {
                pressed.formUnion(presses.pressed(since: lastPresses[controller.id] ?? presses))
            }
            lastPresses[controller.id] = presses
        }
        return (.merging(steering.map { snapshot(of: $0) }), pressed)
    }

    /// A controller's input as the game reads it: a pad's through the bindings (see
    /// ``Bindings/canonical(_:category:)``); the keyboard and on-screen controls report so already.
    public func snapshot(of controller: Controller) -> GamepadSnapshot {
        let snapshot = controller.extendedGamepad.capture()
        return controller.id.padID == nil ? snapshot : bindings.canonical(snapshot, category: controller.productCategory)
    }

    /// A controller's press counts, read the same way as ``snapshot(of:)``.
    private func presses(of controller: Controller) -> GamepadPresses {
        controller.id.padID == nil ? GamepadPresses(controller.extendedGamepad)
            : bindings.presses(of: controller.extendedGamepad, category: controller.productCategory)
    }

    public func controller(id: ControllerID) -> Controller? { controllers.first { $0.id == id } }

    /// Applies one pad event; returns what it changed.
    @discardableResult
    public func apply(_ event: PadEvent) -> [ControllerChange] {
        switch event {
        case let .added(description):
            let controller = Controller(id: .pad(description.id), vendorName: description.name, productCategory: description.category,
                                        hasLight: description.hasLight, hasRumble: description.hasRumble)
            controller.battery = description.battery
            // Start from how the pad is held, not from rest (and that is no input yet).
            for button in description.heldButtons { controller.extendedGamepad.apply(button, down: true) }
            for (axis, value) in description.axes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                _ = controller.extendedGamepad.apply(axis, value: value)
            }
            return connect(controller)
        case let .removed(id):
            return disconnect(id: .pad(id))
        case let .button(id, button, down):
            guard let controller = controller(id: .pad(id)) else { return [] }
            controller.extendedGamepad.apply(button, down: down)
            return down ? noteInput(from: controller) : []
        case let .axis(id, axis, value):
            guard let controller = controller(id: .pad(id)) else { return [] }
            return controller.extendedGamepad.apply(axis, value: value) ? noteInput(from: controller) : []
        case let .battery(id, battery):
            controller(id: .pad(id))?.battery = battery
            return []
        }
    }

    @discardableResult
    public func connect(_ controller: Controller) -> [ControllerChange] {
        guard self.controller(id: controller.id) == nil else { return [] }
        controllers.append(controller)
        controller.extendedGamepad.deadZone = deadZone
        lastPresses[controller.id] = presses(of: controller)
        let becomesCurrent = current == nil
        if becomesCurrent { current = controller }
        reassignPlayerIndices()
        return becomesCurrent ? [.connected(controller), .becameCurrent(controller)] : [.connected(controller)]
    }

    /// The pad left: its inputs are released, and if it was in use the first pad still
    /// connected takes over.
    @discardableResult
    public func disconnect(id: ControllerID) -> [ControllerChange] {
        guard let index = controllers.firstIndex(where: { $0.id == id }) else { return [] }
        let controller = controllers.remove(at: index)
        lastPresses[controller.id] = nil
        controller.extendedGamepad.releaseAll()
        controller.playerIndex = .unset
        let wasCurrent = current === controller
        if wasCurrent { current = controllers.first }
        reassignPlayerIndices()
        var changes: [ControllerChange] = [.disconnected(controller, wasInUse: wasCurrent)]
        if wasCurrent, let next = current { changes.append(.becameCurrent(next)) }
        return changes
    }

    /// A pad had input: if it is not the one in use, it becomes so at once.
    @discardableResult
    public func noteInput(from controller: Controller) -> [ControllerChange] {
        guard controllers.contains(where: { $0 === controller }) else { return [] }
        var changes: [ControllerChange] = []
        if current !== controller {
            current = controller
            reassignPlayerIndices()
            changes.append(.becameCurrent(controller))
        }
        return changes + [.input(controller)]
    }

    /// Asks the pad in use to rumble, where it can, at ``rumbleStrength``.
    public func rumbleCurrent(low: Float, high: Float, milliseconds: Int) {
        guard let current, current.hasRumble, let pad = current.id.padID, rumbleStrength > 0 else { return }
        pendingEffects.append(.rumble(controllerID: pad, low: low * rumbleStrength, high: high * rumbleStrength, milliseconds: milliseconds))
    }

    /// Effects queued since the last call, in order.
    public func drainEffects() -> [ControllerEffect] {
        defer { pendingEffects.removeAll() }
        return pendingEffects
    }

    private func reassignPlayerIndices() {
        var others = 0
        for controller in controllers {
            guard let pad = controller.id.padID else { continue }
            let index: PlayerIndex
            let color: Color
            if controller === current {
                index = .index(1)
                color = Self.koalaColor
            } else {
                others += 1
                index = others + 1 <= PlayerIndex.maximum ? .index(others + 1) : .unset
                color = Self.otherPlayerColors[(others - 1) % Self.otherPlayerColors.count]
            }
            if controller.playerIndex != index {
                controller.playerIndex = index
                pendingEffects.append(.setPlayerIndex(controllerID: pad, index))
            }
            if controller.hasLight && controller.lightColor != color {
                controller.lightColor = color
                pendingEffects.append(.setLight(controllerID: pad, color))
            }
        }
    }
}
