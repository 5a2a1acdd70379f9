import KoalioInput

/// Everything the game above the world decides, as one value: the mode, menus, level run and
/// progress (``FlowState``), what the player sees of the controllers (``ControllerPresence``:
/// the HUD's visibility and fade, the notice, the join prompts' clocks, who is named as
/// steering, a pause the game asked of itself), and who plays beside player 1 (``Seating``:
/// players 2–4, their pads, their hold on Back). ``FlowRunner`` steps it; the devices it speaks
/// of (the controllers' registry, the HUD) and the world's files stay outside.
package struct GameState: Equatable {
    package var flow: FlowState
    package var presence: ControllerPresence
    package var seats = Seating()

    package init(flow: FlowState) {
        self.flow = flow
        presence = ControllerPresence(showsHUD: flow.run.source.isLive)
    }
}
