/// What the title, the pause screen and the Add-a-phone page show while phones may join: the
/// page's address as a QR code and in words, and the code to type instead.
public struct PairingCard: Equatable, Sendable {
    /// The address in words (`http://192.168.1.20:8765`), without the secret token.
    public var address: String
    /// The 6-digit code.
    public var code: String
    /// Too many wrong codes were tried: no code is taken until the player makes a new one
    /// (Add a phone → New code), and the card says so instead of showing it.
    public var codeOff: Bool
    /// The QR code's modules, row by row (true: dark), `qrSize` × `qrSize`; it encodes the
    /// address with its token.
    public var qrSize: Int
    public var modules: [Bool]

    public init(address: String, code: String, codeOff: Bool = false, qrSize: Int, modules: [Bool]) {
        self.address = address
        self.code = code
        self.codeOff = codeOff
        self.qrSize = qrSize
        self.modules = modules
    }
}
