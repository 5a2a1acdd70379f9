import KoalioCore
import KoalioSim
import KoalioText
import KoalioUI

/// Draws a menu over a still of a level (the title and level select show level 1 behind a dim
/// layer): heading, entries with the selection marked, locked ones greyed, and a hint line.
public enum MenuView {
    static let entryFill = Color(255, 255, 255, 40)
    static let selectedFill = Color(255, 210, 80, 200)
    static let lockedText = Color(150, 150, 160)
    static let headingColor = Color(255, 224, 120)

    static let warningText = Color(255, 170, 60)
    static let stickColor = Color(255, 255, 255, 220)
    static let deadZoneColor = Color(255, 120, 110, 120)

    /// - Parameters:
    ///   - card: the phones' pairing card, at the right of the entries (the title's).
    ///   - largeCard: the card in the middle, large (the Add-a-phone page's).
    ///   - phonesOn: a small "phones on" in the top corner (the title's, while the phones' server runs).
    public static func drawList(_ page: MenuPage, over backdrop: Session, on map: LevelMap, words: Words, card: PairingCard? = nil,
                                largeCard: Bool = false, phonesOn: Bool = false) -> DrawList {
        var overlay = Scene.Overlay()
        overlay.words = words
        overlay.showsStateScreen = false
        var list = Scene.drawList(backdrop, on: map, overlay: overlay, showStatus: false)
        list.append(.fill(Rect(x: 0, y: 0, width: Scene.viewWidth, height: Scene.viewHeight), Color(0, 0, 0, Scene.dimAlpha)))
        let headingScale = page.compact ? 3 : 4
        Lettering.draw(Lettering.fitted(page.heading, words, width: Scene.viewWidth, scale: headingScale), x: Scene.viewWidth / 2,
                       y: page.compact ? 14 : 40, scale: headingScale, color: headingColor, centered: true, into: &list)
        if let subheading = page.subheading {
            Lettering.draw(Lettering.fitted(subheading, words, width: Scene.lineWidth), x: Scene.viewWidth / 2, y: page.compact ? 48 : 92,
                           centered: true, into: &list)
        }
        let rows = MenuLayout.rows(page)
        let scale = MenuLayout.compactRows(page) ? 1 : 2
        for heading in rows.headings {
            let text = Lettering.shown(heading.text, words)
            let x = words.language.isRightToLeft ? heading.rect.maxX - 4 - Lettering.width(text, scale: scale) : heading.rect.x + 4
            Lettering.draw(text, x: x, y: heading.rect.maxY - Double(Art.glyphHeight * scale) - 2, scale: scale,
                      color: headingColor, into: &list)
        }
        drawEntries(page, in: rows.entries, words: words, into: &list)
        let shown = rows.entries.filter { $0.width > 0 }
        if rows.moreAbove, let top = shown.first { drawArrow(up: true, beside: top, into: &list) }
        if rows.moreBelow, let bottom = shown.last { drawArrow(up: false, beside: bottom, into: &list) }
        if let keypad = page.keypad { drawKeypad(keypad, words: words, into: &list) }
        page.hint.draw(centeredOn: Scene.viewWidth / 2, y: hintY, words: words, into: &list)
        if let card { PairingCardView.draw(card, large: largeCard, words: words, into: &list) }
        if phonesOn {
            let mark = Lettering.fitted(.message(.phonesOnMark), words, width: Scene.viewWidth / 4)
            let width = Lettering.width(mark)
            Lettering.draw(mark, x: words.language.isRightToLeft ? Scene.margin : Scene.viewWidth - Scene.margin - width, y: Scene.statusY,
                           color: phonesOnColor, into: &list)
        }
        return list
    }

    package static let phonesOnColor = Color(140, 230, 150)

    /// Where every menu's hint line is: the foot of the view.
    public static let hintY = Scene.viewHeight - 20

    /// The on-screen keypad's keys: light caps with dark words, as a key reads.
    static func drawKeypad(_ keypad: Keypad, words: Words, into list: inout DrawList) {
        for (key, rect) in MenuLayout.keypadKeys(keypad, words: words) {
            list.append(.fill(rect, keypadFill))
            list.append(.fill(Rect(x: rect.x, y: rect.maxY - 2, width: rect.width, height: 2), keypadEdge))
            let label = Lettering.shown(key.label, words)
            Lettering.draw(label, x: rect.x + rect.width / 2, y: rect.y + (rect.height - 2 - Double(Art.glyphHeight)) / 2, color: Color(30, 24, 40),
                           centered: true, shadow: false, into: &list)
        }
    }
    static let keypadFill = Color(236, 232, 244, 235)
    static let keypadEdge = Color(150, 144, 170, 235)

    /// A small arrow right of `row`: more of the list above (or below) it, scrolled out of view.
    static func drawArrow(up: Bool, beside row: Rect, into list: inout DrawList) {
        let x = row.maxX + 6, middle = row.y + row.height / 2
        for step in 0..<4 {
            let y = up ? middle - 4 + Double(step) * 2 : middle + 4 - Double(step) * 2 - 2
            list.append(.fill(Rect(x: x + 4 - Double(step) * 1.0 - 1, y: y, width: Double(step) * 2 + 2, height: 2), headingColor))
        }
    }

    /// A page's entries in `rects`: the selected one highlighted, locked ones greyed, values and
    /// glyphs right-aligned (text at the font's size in compact rows, twice it otherwise); an
    /// entry scrolled out of view (an empty rectangle) is not drawn. A right-to-left language's
    /// rows are mirrored: the label from the right edge, the glyphs and the value from the left.
    static func drawEntries(_ page: MenuPage, in rects: [Rect], words: Words, into list: inout DrawList) {
        let mirrored = words.language.isRightToLeft
        let scale = MenuLayout.compactRows(page) ? 1 : 2
        for (index, (entry, rect)) in zip(page.entries, rects).enumerated() where rect.width > 0 {
            let selected = index == page.selection
            list.append(.fill(rect, selected ? selectedFill : entryFill))
            let color = !entry.enabled ? lockedText : selected ? Color(30, 24, 40) : entry.warns ? warningText : .white
            let textY = rect.y + (rect.height - Double(Art.glyphHeight * scale)) / 2
            let label = shownLabel(entry, in: rect, scale: scale, words: words)
            let labelWidth = Lettering.width(label, scale: scale)
            // Dark words on the selected row's light fill have no shadow: it would thicken them
            // into a smudge (Japanese strokes, Arabic dots).
            Lettering.draw(label, x: mirrored ? rect.maxX - 10 - labelWidth : rect.x + 10, y: textY, scale: scale, color: color, shadow: !selected,
                           into: &list)
            // The far side, moving inwards: glyphs, then the value.
            var far = mirrored ? rect.x + 10 : rect.maxX - 10
            let inwards = mirrored ? 1.0 : -1.0
            if let glyphs = entry.glyphs {
                let width = glyphs.width(words)
                glyphs.draw(centeredOn: far + inwards * width / 2, y: textY, words: words, into: &list)
                far += inwards * (width + 4)
            }
            if let detail = entry.detail {
                // The value keeps to the room the label leaves (a long one is cut, never drawn over it).
                let room = abs(far - (mirrored ? rect.maxX - 10 : rect.x + 10)) - labelWidth - Double(Art.glyphWidth * scale)
                let shown = Lettering.fitted(detail, words, width: max(0, room), scale: scale)
                let width = Lettering.width(shown, scale: scale)
                Lettering.draw(shown, x: mirrored ? far : far - width, y: textY, scale: scale, color: color, shadow: !selected, into: &list)
            }
            if selected, let stick = page.stick { drawStick(stick, beside: rect, into: &list) }
        }
    }

    /// An entry's label as drawn: whole, or cut with "..." where the value beside it (a level's
    /// record, a setting's value) would otherwise be cut, as long as the label keeps
    /// ``labelShareKept`` of the row (a level's title gives way to its best time and medal).
    static func shownLabel(_ entry: MenuPage.Entry, in rect: Rect, scale: Int, words: Words) -> String {
        let label = Lettering.shown(entry.label, words)
        guard let detail = entry.detail else { return label }
        let inner = rect.width - 20 - (entry.glyphs.map { $0.width(words) + 4 } ?? 0)
        let detailWidth = Lettering.width(Lettering.shown(detail, words), scale: scale)
        let room = inner - detailWidth - Double(Art.glyphWidth * scale)
        guard Lettering.width(label, scale: scale) > room, room >= inner * labelShareKept else { return label }
        return Lettering.fitted(entry.label, words, width: room, scale: scale)
    }
    static let labelShareKept = 0.25

    /// The stick's raw position in its square, the dead zone as a square around the centre:
    /// a player sees how far the stick rests from the centre and how much the setting ignores.
    static func drawStick(_ stick: (x: Double, y: Double, deadZone: Double), beside row: Rect, into list: inout DrawList) {
        let size = 44.0, left = row.maxX + 6, top = row.y + row.height / 2 - size / 2
        list.append(.fill(Rect(x: left, y: top, width: size, height: size), Color(0, 0, 0, 140)))
        let zone = size * stick.deadZone
        list.append(.fill(Rect(x: left + (size - zone) / 2, y: top + (size - zone) / 2, width: zone, height: zone), deadZoneColor))
        let x = left + size / 2 + stick.x * size / 2, y = top + size / 2 - stick.y * size / 2
        list.append(.fill(Rect(x: (x - 2).rounded(), y: (y - 2).rounded(), width: 4, height: 4), stickColor))
    }
}
