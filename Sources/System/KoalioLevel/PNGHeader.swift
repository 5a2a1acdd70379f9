/// A PNG's size from its header (signature and IHDR, the first 24 bytes), read before the
/// image is decoded so a tileset image too large to use is refused without decoding it.
public struct PNGHeader: Sendable, Equatable {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    public var width: Int
    public var height: Int

    /// nil when the bytes do not start like a PNG.
    public init?(_ bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(24))
        guard head.count == 24, head.starts(with: Self.signature), Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        func big32(_ at: Int) -> Int { head[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        width = big32(16)
        height = big32(20)
    }
}
