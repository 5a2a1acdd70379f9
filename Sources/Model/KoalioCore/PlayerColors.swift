/// Each player's colour: the pad's light bar, and in co-op the koala's tint and label.
public enum PlayerColors {
    /// Players 1…4: eucalyptus green, blue, red, gold.
    public static let all = [Color(111, 174, 143), Color(80, 120, 230), Color(230, 90, 80), Color(230, 190, 60)]

    /// Player `number`'s colour (1…4; others wrap round).
    public static func of(_ number: Int) -> Color { all[((number - 1) % all.count + all.count) % all.count] }

    /// The koala sprite's tint: the colour mixed halfway to white, so the grey fur takes the
    /// colour and the face still reads.
    public static func koalaTint(_ number: Int) -> Color {
        let color = of(number)
        func lighten(_ value: UInt8) -> UInt8 { UInt8((Int(value) + 255) / 2) }
        return Color(lighten(color.r), lighten(color.g), lighten(color.b))
    }
}
