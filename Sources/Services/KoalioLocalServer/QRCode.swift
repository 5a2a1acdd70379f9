import CQRencode
import KoalioCore

/// A QR code drawn by libqrencode: the modules of `text` at error-correction level M (a
/// screen's glare and a phone's shaky hand), the smallest version that holds it.
enum QRCode {
    /// The modules, row by row (true: dark), and the side's length; nil if libqrencode cannot
    /// encode it (too long, out of memory).
    static func modules(for text: String) -> (size: Int, modules: [Bool])? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        guard size > 0, let data = code.pointee.data else { return nil }
        // Bit 0 of each byte is the module's colour; the others say what it is part of.
        return (size, (0..<size * size).map { data[$0] & 1 == 1 })
    }
}

extension PairingCard {
    /// The card for the page at `address` (`ADDRESS:PORT`) with `token` and `code` (`codeOff`:
    /// too many wrong tries, the card says so instead); nil when the QR code cannot be made.
    public static func make(address: String, token: String, code: String, codeOff: Bool = false) -> PairingCard? {
        let page = "http://\(address)/"
        guard let qr = QRCode.modules(for: page + "#" + token) else { return nil }
        return PairingCard(address: page, code: code, codeOff: codeOff, qrSize: qr.size, modules: qr.modules)
    }
}
