/// How the 568×320 view is enlarged into a window or screen of another shape.
public enum ViewScaling: String, CaseIterable, Sendable {
    /// The largest whole multiple that fits: every pixel of the view the same size (bars where
    /// the screen is no multiple: a 1280×800 screen shows 1136×640).
    case pixelPerfect = "pixel-perfect"
    /// The largest size that keeps the view's shape, sampled nearest (a 1280×800 screen shows
    /// 1280×721): bigger, with pixels that differ by one screen pixel.
    case fill
}
