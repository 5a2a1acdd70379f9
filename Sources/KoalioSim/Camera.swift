import KoalioCore

/// Which part of the map the view shows: centred on the koala, kept inside the map.
public enum Camera {
    /// The top-left corner of the view in world pixels.
    public static func origin(following player: Player, in map: TileMap,
                              viewWidth: Double = Double(LogicalView.width),
                              viewHeight: Double = Double(LogicalView.height)) -> Vec2 {
        let center = player.box.center
        return Vec2(clamp(center.x - viewWidth / 2, length: map.pixelWidth, view: viewWidth),
                    clamp(center.y - viewHeight / 2, length: map.pixelHeight, view: viewHeight))
    }

    /// A map smaller than the view is centred in it.
    private static func clamp(_ value: Double, length: Double, view: Double) -> Double {
        guard length > view else { return (length - view) / 2 }
        return min(max(value, 0), length - view)
    }
}
