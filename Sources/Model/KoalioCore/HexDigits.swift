/// Bytes as lowercase hexadecimal, two digits each: how digests are named in keys and files.
public enum HexDigits {
    public static func text(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
