import KoalioCore

/// Something the pure model wants a physical pad to do; the platform layer performs it.
/// `controllerID` is the pad's platform id (``ControllerID/padID``).
public enum ControllerEffect: Hashable, Sendable {
    /// Light the pad's player LEDs for this index (`.unset` turns them off).
    case setPlayerIndex(controllerID: Int, PlayerIndex)
    /// Colour the pad's light bar.
    case setLight(controllerID: Int, Color)
    /// Rumble both motors (0…1) for a while.
    case rumble(controllerID: Int, low: Float, high: Float, milliseconds: Int)
}
