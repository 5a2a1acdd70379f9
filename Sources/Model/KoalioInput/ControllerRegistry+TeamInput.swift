import KoalioCore

/// The per-tick merge: every controller's input, read through the bindings, becomes one
/// ``TeamInput`` (player 1's merged snapshot and presses, each seated player's pad, what free
/// pads ask).
extension ControllerRegistry {
    /// One tick's input of every player: player 1's controllers' snapshots merged
    /// (``GamepadSnapshot/merging(_:)``) with every press they made since the last tick, each
    /// seated player's pad, and what free pads ask. Every controller's press counts move on,
    /// so one that starts steering brings no old presses. `seats` counts how long each seated
    /// player has held Back.
    public func teamInput(seats: inout Seating) -> TeamInput {
        var input = TeamInput(snapshot: .neutral, pressed: [])
        var playerOne: [GamepadSnapshot] = []
        var partners: [Int: (pad: Controller, snapshot: GamepadSnapshot, pressed: TickPresses)] = [:]
        for controller in [keyboard.controller] + (onScreen.map { [$0] } ?? []) + controllers {
            let presses = presses(of: controller)
            let pressed = presses.pressed(since: lastPresses[controller.id] ?? presses)
            lastPresses[controller.id] = presses
            if controller.id == .onScreen && !onScreenShown { continue }
            switch player(of: controller.id, seats: seats) {
            case 1:
                playerOne.append(snapshot(of: controller))
                input.pressed.formUnion(pressed)
            case let player?:
                partners[player] = (controller, snapshot(of: controller), pressed.intersection(.a))
                input.pressed.formUnion(pressed.intersection(.menu))
            case nil:
                if pressed.contains(.a) { input.joinRequests.append(controller) }
                input.pressed.formUnion(pressed.intersection(.menu))
            }
        }
        input.snapshot = .merging(playerOne)
        for player in seats.players {
            let partner = partners[player]
            input.partners.append((player, partner?.pad, partner?.snapshot ?? .neutral, partner?.pressed ?? []))
            if seats.holdsBack(player, (partner?.snapshot.buttonOptions ?? 0) >= TickInput.pressThreshold) {
                input.leaveRequests.append(player)
            }
        }
        return input
    }

    /// A controller's input as the game reads it: a pad's through the bindings (see
    /// ``Bindings/canonical(_:category:)``); the keyboard and on-screen controls report so already.
    public func snapshot(of controller: Controller) -> GamepadSnapshot {
        let snapshot = controller.extendedGamepad.capture()
        return controller.id.padID == nil ? snapshot : bindings.canonical(snapshot, category: controller.productCategory)
    }

    /// A controller's press counts, read the same way as ``snapshot(of:)``.
    func presses(of controller: Controller) -> GamepadPresses {
        controller.id.padID == nil ? GamepadPresses(controller.extendedGamepad)
            : bindings.presses(of: controller.extendedGamepad, category: controller.productCategory)
    }
}
