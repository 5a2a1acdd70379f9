import KoalioCore

/// The connected controllers, which one is in use, and their player numbers.
///
/// Mirrors Apple's `GCController` notifications: connect, disconnect and became-current
/// handlers run on the game's thread, in that order, once per event. The pad in use is
/// ``current``: the one that last had input (a new pad is current until another is used).
/// It gets player index 1 and the koala colour; the others 2…4 in connection order.
/// Whatever the pads must show is queued as ``ControllerEffect``s for the platform layer.
public final class ControllerRegistry {
    public private(set) var controllers: [Controller] = []
    public private(set) var current: Controller?
    public var didConnect: ((Controller) -> Void)?
    /// The controller that left, and whether it was the one in use.
    public var didDisconnect: ((Controller, Bool) -> Void)?
    public var didBecomeCurrent: ((Controller) -> Void)?
    /// Any input from any pad (past the dead zone), after `current` has followed it.
    public var didReceiveInput: ((Controller) -> Void)?
    private var pendingEffects: [ControllerEffect] = []

    /// The light-bar colour of the pad that drives the koala: eucalyptus green.
    public static let koalaColor = Color(111, 174, 143)
    /// Light-bar colours for players 2…4.
    public static let otherPlayerColors = [Color(80, 120, 230), Color(230, 90, 80), Color(230, 190, 60)]

    public init() {}

    public func controller(id: Int) -> Controller? { controllers.first { $0.id == id } }

    public func connect(_ controller: Controller) {
        guard self.controller(id: controller.id) == nil else { return }
        controllers.append(controller)
        let becomesCurrent = current == nil
        if becomesCurrent { current = controller }
        reassignPlayerIndices()
        didConnect?(controller)
        if becomesCurrent { didBecomeCurrent?(controller) }
    }

    /// The pad left: its inputs are released, and if it was in use the first pad still
    /// connected takes over.
    public func disconnect(id: Int) {
        guard let index = controllers.firstIndex(where: { $0.id == id }) else { return }
        let controller = controllers.remove(at: index)
        controller.extendedGamepad.releaseAll()
        controller.playerIndex = .unset
        let wasCurrent = current === controller
        if wasCurrent { current = controllers.first }
        reassignPlayerIndices()
        didDisconnect?(controller, wasCurrent)
        if wasCurrent, let next = current { didBecomeCurrent?(next) }
    }

    /// A pad had input: if it is not the one in use, it becomes so at once.
    public func noteInput(from controller: Controller) {
        guard controllers.contains(where: { $0 === controller }) else { return }
        if current !== controller {
            current = controller
            reassignPlayerIndices()
            didBecomeCurrent?(controller)
        }
        didReceiveInput?(controller)
    }

    /// Asks the pad in use to rumble, where it can.
    public func rumbleCurrent(low: Float, high: Float, milliseconds: Int) {
        guard let current, current.hasRumble else { return }
        pendingEffects.append(.rumble(controllerID: current.id, low: low, high: high, milliseconds: milliseconds))
    }

    /// Effects queued since the last call, in order.
    public func drainEffects() -> [ControllerEffect] {
        defer { pendingEffects.removeAll() }
        return pendingEffects
    }

    private func reassignPlayerIndices() {
        var others = 0
        for controller in controllers {
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
                pendingEffects.append(.setPlayerIndex(controllerID: controller.id, index))
            }
            if controller.hasLight && controller.lightColor != color {
                controller.lightColor = color
                pendingEffects.append(.setLight(controllerID: controller.id, color))
            }
        }
    }
}
