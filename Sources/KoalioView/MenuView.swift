import KoalioCore
import KoalioSim

/// Draws a menu over a still of a level (the title and level select show level 1 behind a dim
/// layer): heading, entries with the selection marked, locked ones greyed, and a hint line.
public enum MenuView {
    static let entryFill = Color(255, 255, 255, 40)
    static let selectedFill = Color(255, 210, 80, 200)
    static let lockedText = Color(150, 150, 160)
    static let headingColor = Color(255, 224, 120)

    public static func drawList(_ page: MenuPage, over backdrop: Session) -> DrawList {
        var list = Scene.drawList(backdrop, overlay: Scene.Overlay(), showStatus: false)
        list.append(.fill(Rect(x: 0, y: 0, width: Scene.viewWidth, height: Scene.viewHeight), Color(0, 0, 0, Scene.dimAlpha)))
        Text.draw(page.heading, x: Scene.viewWidth / 2, y: 40, scale: 4, color: headingColor, centered: true, into: &list)
        if let subheading = page.subheading {
            Text.draw(subheading, x: Scene.viewWidth / 2, y: 92, centered: true, into: &list)
        }
        for (index, (entry, rect)) in zip(page.entries, MenuLayout.entryRects(count: page.entries.count)).enumerated() {
            let selected = index == page.selection
            list.append(.fill(rect, selected ? selectedFill : entryFill))
            let color = !entry.enabled ? lockedText : selected ? Color(30, 24, 40) : .white
            let textY = rect.y + (rect.height - Double(Art.glyphHeight * 2)) / 2
            Text.draw(entry.label, x: rect.x + 10, y: textY, scale: 2, color: color, into: &list)
            if let detail = entry.detail {
                Text.draw(detail, x: rect.maxX - 10 - Text.width(detail, scale: 2), y: textY, scale: 2, color: color, into: &list)
            }
        }
        page.hint.draw(centeredOn: Scene.viewWidth / 2, y: Scene.viewHeight - 22, into: &list)
        return list
    }
}
