import KoalioCore
import KoalioInput
import KoalioText
import KoalioUI

extension Art {
    /// Controller glyphs are 14×14 cells (see `make_buttons` in tools/make_art.py).
    public static let buttonCell = 14
    /// The keycap's left and right edges, and the middle column stretched behind the name.
    public static let keycapEdge = 4

    /// Where a glyph is in `buttons.png`; a keycap is drawn from ``keycapParts``.
    public static func buttonSource(_ glyph: ButtonGlyph) -> IntRect? {
        func cell(_ column: Int, _ row: Int) -> IntRect {
            IntRect(x: column * buttonCell, y: row * buttonCell, width: buttonCell, height: buttonCell)
        }
        switch glyph {
        case .keycap: return nil
        case let .touch(control):
            switch control {
            case .a: return cell(5, 4)
            case .b: return cell(6, 4)
            case .pause: return cell(7, 4)
            case .joystick: return cell(8, 4)
            }
        case let .pad(binding, style):
            let row: Int
            switch style {
            case .xbox: row = 0
            case .playStation: row = 1
            case .nintendo: row = 2
            case .generic, .keyboard, .touch: row = 3
            }
            switch binding {
            case .button(.a): return cell(0, row)
            case .button(.b): return cell(1, row)
            case .button(.x): return cell(2, row)
            case .button(.y): return cell(3, row)
            case .button(.start): return cell(4, row)
            case .button(.back): return cell(5, row)
            case .button(.leftShoulder): return cell(6, row)
            case .button(.rightShoulder): return cell(7, row)
            case .trigger(.rightTrigger): return cell(9, row)
            case .trigger: return cell(8, row)
            case .button(.leftStick): return cell(10, row)
            case .button(.rightStick): return cell(11, row)
            case .button(.guide): return cell(12, row)
            case .button(.dpadUp): return cell(0, 4)
            case .button(.dpadDown): return cell(1, 4)
            case .button(.dpadLeft): return cell(2, 4)
            case .button(.dpadRight): return cell(3, 4)
            }
        }
    }

    /// A keycap's three parts in `buttons.png`: left edge, stretchable middle, right edge.
    public static let keycapParts = (left: IntRect(x: 9 * buttonCell, y: 4 * buttonCell, width: keycapEdge, height: buttonCell),
                                     middle: IntRect(x: 9 * buttonCell + 20, y: 4 * buttonCell, width: 1, height: buttonCell),
                                     right: IntRect(x: 12 * buttonCell - keycapEdge, y: 4 * buttonCell, width: keycapEdge, height: buttonCell))
}

/// A prompt laid out and drawn in the bitmap font, its glyphs from `buttons.png`.
extension Prompt {
    /// Glyphs keep this much room on each side.
    static let glyphMargin = 2.0

    static func width(_ part: Part, _ words: Words) -> Double {
        switch part {
        case let .text(text): return Lettering.width(Lettering.shown(text, words))
        case let .glyph(.keycap(name)): return Lettering.width(name) + Double(Art.keycapEdge * 2) + glyphMargin * 2
        case .glyph: return Double(Art.buttonCell) + glyphMargin * 2
        }
    }

    /// The parts as drawn left to right in a right-to-left language: the words and glyph runs
    /// in reverse order, each run of glyphs kept as it is (← → stays ← →; a binding's keys keep
    /// their order).
    static func rightToLeft(_ parts: [Part]) -> [Part] {
        var runs: [[Part]] = []
        for part in parts {
            if case .glyph = part, let last = runs.last?.last, case .glyph = last {
                runs[runs.count - 1].append(part)
            } else {
                runs.append([part])
            }
        }
        return runs.reversed().flatMap { $0 }
    }

    /// Its width with its words in `words`.
    public func width(_ words: Words) -> Double { parts.reduce(0) { $0 + Self.width($1, words) } }

    /// Draws the line centred on `x`, text top at `y` (glyphs sit one pixel above it, so a
    /// 14 px glyph centres on 12 px text), its words in `words`. In a right-to-left language
    /// the parts run from the right: each glyph right of its words.
    public func draw(centeredOn x: Double, y: Double, words: Words, into list: inout DrawList) {
        var pen = (x - width(words) / 2).rounded()
        for part in words.language.isRightToLeft ? Self.rightToLeft(parts) : parts {
            switch part {
            case let .text(text):
                let line = Lettering.shown(text, words)  // put in words once: drawn, then advanced past
                Lettering.draw(line, x: pen, y: y, into: &list)
                pen += Lettering.width(line)
                continue
            case let .glyph(.keycap(name)):
                let left = pen + Self.glyphMargin, top = y - 1, edge = Double(Art.keycapEdge), cell = Double(Art.buttonCell)
                let middle = Lettering.width(name)
                list.append(.sprite(.buttons, source: Art.keycapParts.left, destination: Rect(x: left, y: top, width: edge, height: cell),
                                    flipped: false, tint: .white))
                list.append(.sprite(.buttons, source: Art.keycapParts.middle,
                                    destination: Rect(x: left + edge, y: top, width: middle, height: cell), flipped: false, tint: .white))
                list.append(.sprite(.buttons, source: Art.keycapParts.right,
                                    destination: Rect(x: left + edge + middle, y: top, width: edge, height: cell), flipped: false, tint: .white))
                Lettering.draw(name, x: left + edge, y: y, color: Color(30, 26, 40), shadow: false, into: &list)
            case let .glyph(glyph):
                if let source = Art.buttonSource(glyph) {
                    list.append(.sprite(.buttons, source: source,
                                        destination: Rect(x: pen + Self.glyphMargin, y: y - 1, width: Double(Art.buttonCell), height: Double(Art.buttonCell)),
                                        flipped: false, tint: .white))
                }
            }
            pen += Self.width(part, words)
        }
    }
}
