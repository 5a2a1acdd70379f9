import KoalioCore
import KoalioText

/// The phones' pairing card, at the right of the title's and the pause screen's menus: the QR
/// code (black on white with its quiet zone, two view pixels a module, so a phone reads it from
/// across a room at window scale 2), "Phone pad" above it and the code under it; the address
/// in words across the view where the screen has room (the title: above the hint line; the
/// pause screen: under the top bar).
public enum PairingCardView {
    /// View pixels per module.
    static let moduleSize = 2.0
    /// Modules of white around the code, as the QR standard asks.
    static let quietModules = 4
    static let rightMargin = 2.0
    static let top = 108.0
    /// Where the address line goes on the title (``draw(_:addressY:large:words:into:)``'s default) and on the pause screen.
    public static let titleAddressY = Scene.viewHeight - 38
    public static let pauseAddressY = 32.0
    static let labelColor = Color(255, 224, 120)
    static let offColor = Color(255, 120, 100)

    /// The Add-a-phone page's card: in the middle, three view pixels a module.
    static let largeModuleSize = 3.0
    static let largeTop = 104.0

    /// - Parameter large: the Add-a-phone page's card, large and in the middle (no label: the page's heading says it).
    public static func draw(_ card: PairingCard, addressY: Double = titleAddressY, large: Bool = false, words: Words,
                            into list: inout DrawList) {
        let moduleSize = large ? largeModuleSize : moduleSize
        let side = Double(card.qrSize + 2 * quietModules) * moduleSize
        let left = large ? (Scene.viewWidth - side) / 2 : Scene.viewWidth - rightMargin - side
        let top = large ? largeTop : top
        let centre = left + side / 2
        if !large { Lettering.draw(Lettering.shown(.message(.phonePad), words), x: centre, y: top - 14, color: labelColor, centered: true, into: &list) }
        list.append(.fill(Rect(x: left, y: top, width: side, height: side), .white))
        let origin = Double(quietModules) * moduleSize
        for row in 0..<card.qrSize {
            var column = 0
            while column < card.qrSize {  // a run of dark modules as one rectangle
                guard card.modules[row * card.qrSize + column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < card.qrSize && card.modules[row * card.qrSize + column] { column += 1 }
                list.append(.fill(Rect(x: left + origin + Double(start) * moduleSize, y: top + origin + Double(row) * moduleSize,
                                       width: Double(column - start) * moduleSize, height: moduleSize), Color(0, 0, 0)))
            }
        }
        if card.codeOff {
            // Too many wrong codes: none is taken until the player makes a new one (the QR code still works).
            Lettering.draw(Lettering.shown(.message(.codeOff), words), x: centre, y: top + side + 4, scale: large ? 2 : 1, color: offColor, centered: true, into: &list)
            Lettering.draw(Lettering.fitted(.message(.codeOffChooseNewCode), words, width: Scene.lineWidth), x: Scene.viewWidth / 2, y: addressY, color: offColor,
                      centered: true, into: &list)
        } else {
            Lettering.draw(card.code, x: centre, y: top + side + 4, scale: large ? 2 : 1, centered: true, into: &list)
            Lettering.draw(Lettering.fitted(.message(.orOpenAddress, [.leftToRight(card.address)]), words, width: Scene.lineWidth), x: Scene.viewWidth / 2, y: addressY, color: labelColor,
                      centered: true, into: &list)
        }
    }
}
