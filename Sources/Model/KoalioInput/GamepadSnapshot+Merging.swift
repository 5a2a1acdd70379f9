extension GamepadSnapshot {
    /// Every controller of one player at once, as one snapshot: buttons and triggers take the
    /// highest value (so they are OR'ed), the right stick the largest deflection, and walking
    /// the single largest deflection among every d-pad and left stick — it is kept, and the
    /// other of the pair is zeroed, so a pad's stick resting just past its dead zone cannot
    /// override a held arrow key, nor a neutral on-screen joystick a pad. Ties go to the
    /// earlier snapshot. A held key therefore survives a click or a pad press (SuperTux's and
    /// Celeste's way); the recorded merged snapshot is exactly what the game read.
    public static func merging(_ snapshots: [GamepadSnapshot]) -> GamepadSnapshot {
        var merged = GamepadSnapshot()
        var walk: (x: Float, y: Float, isDirectionPad: Bool, size: Float) = (0, 0, true, 0)
        var right: (x: Float, y: Float, size: Float) = (0, 0, 0)
        for snapshot in snapshots {
            for element in buttonElements { merged[button: element] = max(merged[button: element], snapshot[button: element]) }
            let dpad = magnitude(snapshot.dpadX, snapshot.dpadY), left = magnitude(snapshot.leftX, snapshot.leftY)
            if dpad > walk.size { walk = (snapshot.dpadX, snapshot.dpadY, true, dpad) }
            if left > walk.size { walk = (snapshot.leftX, snapshot.leftY, false, left) }
            let rightSize = magnitude(snapshot.rightX, snapshot.rightY)
            if rightSize > right.size { right = (snapshot.rightX, snapshot.rightY, rightSize) }
        }
        if walk.isDirectionPad { (merged.dpadX, merged.dpadY) = (walk.x, walk.y) } else { (merged.leftX, merged.leftY) = (walk.x, walk.y) }
        (merged.rightX, merged.rightY) = (right.x, right.y)
        return merged
    }

    private static func magnitude(_ x: Float, _ y: Float) -> Float { (x * x + y * y).squareRoot() }
}
