/// A level's look: which backdrop and sky colour it is drawn with.
public enum Theme: String, CaseIterable, Hashable, Sendable {
    /// Level 1: blue sky over green hills.
    case meadow
    /// Treetops at sunset.
    case dusk
    /// World 2: underground, lit by crystals.
    case cave
    /// World 2: red earth and mesas under a hot sky.
    case outback
    /// A gum forest under the moon.
    case night
}
