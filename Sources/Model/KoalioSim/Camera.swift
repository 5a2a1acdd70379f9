import KoalioCore

/// Which part of the map the view shows, always 1:1 and kept inside the map: centred on the
/// koala, or with teammates on the group of living koalas, the leader always in view.
public enum Camera {
    /// How far inside the view's edge the leader is kept when the group does not fit.
    public static let leaderMarginPoints = 32.0

    /// The top-left corner of the view in world pixels, framing the world's living koalas
    /// (one koala: centred on it).
    public static func origin(framing world: World, in stage: Stage,
                              viewWidth: Double = Double(LogicalView.width),
                              viewHeight: Double = Double(LogicalView.height)) -> Vec2 {
        guard world.koalas.count > 1 else { return origin(following: world.player, in: stage, viewWidth: viewWidth, viewHeight: viewHeight) }
        return origin(framing: world.cameraSubject(in: stage), in: stage, viewWidth: viewWidth, viewHeight: viewHeight)
    }

    /// The same, with the leader and the group already found (``World/cameraSubject(in:)``).
    static func origin(framing subject: World.CameraSubject, in stage: Stage,
                       viewWidth: Double = Double(LogicalView.width), viewHeight: Double = Double(LogicalView.height)) -> Vec2 {
        let leader = subject.leaderBox, group = subject.group
        // The centre of the living group's bounds (the leader's box when none lives).
        let center = group.minX <= group.maxX
            ? Vec2(group.minX + (group.maxX - group.minX) / 2, group.minY + (group.maxY - group.minY) / 2) : leader.center
        let margin = leaderMarginPoints
        let x = min(max(center.x - viewWidth / 2, leader.maxX + margin - viewWidth), leader.minX - margin)
        let y = min(max(center.y - viewHeight / 2, leader.maxY + margin - viewHeight), leader.minY - margin)
        return Vec2(clamp(x, length: stage.pixelWidth, view: viewWidth), clamp(y, length: stage.pixelHeight, view: viewHeight))
    }

    /// The top-left corner of a view centred on one koala.
    public static func origin(following player: Player, in stage: Stage,
                              viewWidth: Double = Double(LogicalView.width),
                              viewHeight: Double = Double(LogicalView.height)) -> Vec2 {
        let center = player.box.center
        return Vec2(clamp(center.x - viewWidth / 2, length: stage.pixelWidth, view: viewWidth),
                    clamp(center.y - viewHeight / 2, length: stage.pixelHeight, view: viewHeight))
    }

    /// A map smaller than the view is centred in it.
    private static func clamp(_ value: Double, length: Double, view: Double) -> Double {
        guard length > view else { return (length - view) / 2 }
        return min(max(value, 0), length - view)
    }
}
