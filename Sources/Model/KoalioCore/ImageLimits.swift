/// The largest image koalio decodes, in pixels per side: a 4096² RGBA image is 64 MiB, and
/// every image koalio ships is far smaller. Checked from the PNG header before decoding.
public enum ImageLimits {
    public static let sidePixels = 4096
    /// A PNG file koalio reads at all (its pixels are bounded separately, above).
    public static let fileBytes = 64 << 20
}
