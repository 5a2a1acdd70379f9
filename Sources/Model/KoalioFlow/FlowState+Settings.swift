/// The settings pages inside the flow: opened from the title or the pause screen, stepped by
/// their own update (``SettingsState/update(_:_:menus:tick:_:)``) while open.
extension FlowState {
    package mutating func openSettings(exit: SettingsState.Exit) {
        selection[.settings] = 0
        mode = .settings(SettingsState(page: .settings, exit: exit))
    }

    package mutating func settingsTick(_ state: SettingsState, _ input: FrameInput, _ context: FlowContext, _ effects: inout [Effect]) {
        var state = state
        switch state.update(input, context, menus: &selection, tick: ticks, &effects) {
        case .open: mode = .settings(state)
        case .left: mode = state.exit == .level ? .level : .title
        }
    }
}
