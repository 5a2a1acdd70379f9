/// Names of an extended gamepad's elements, as handlers report which one changed.
public enum GamepadElement: String, Hashable, Sendable, CaseIterable, Codable {
    case dpad, leftThumbstick, rightThumbstick
    case buttonA, buttonB, buttonX, buttonY
    case leftShoulder, rightShoulder, leftTrigger, rightTrigger
    case buttonMenu, buttonOptions, buttonHome
    case leftThumbstickButton, rightThumbstickButton
}
