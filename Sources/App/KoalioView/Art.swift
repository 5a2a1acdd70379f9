import KoalioCore
import KoalioSim

/// Where things are in koalio's own images. Must match tools/make_art.py, which draws them.
public enum Art {
    /// Koala frames are 24×28 cells side by side; the koala stands on a cell's bottom edge.
    /// Row 0 the frames, row 1 their outlines, rows 2 and 3 the ghost's frames and outlines.
    public static let koalaCellWidth = 24
    public static let koalaCellHeight = 28
    public static let standFrame = 0
    public static let walkFrames = [1, 2, 3, 4]
    public static let jumpFrame = 5
    public static let dashFrame = 6
    /// Arms up, eyes smiling: the koala on a won level's ground.
    public static let cheerFrame = 7
    /// The ghost floats: its two frames are its hem's waves, taking turns this many ticks each.
    public static let ghostFrames = 2
    public static let ghostFrameTicks = 12
    /// Pixels walked per walk-cycle frame: the animation follows the feet, not the clock.
    public static let walkPixelsPerFrame = 6.0
    /// Slower than this (px per tick) on the ground, the koala is drawn standing.
    public static let standingSpeedPerTick = 0.05
    /// The dash pose shows once a dashing koala is past half its walking top speed.
    public static let dashPoseSpeedPerTick = Tuning.walkMaxSpeedPerTick * 0.5
    /// On the death screen the koala blinks: shown for half of each period.
    public static let deathBlinkTicks = 20

    public static func koalaSource(frame: Int) -> IntRect {
        IntRect(x: frame * koalaCellWidth, y: 0, width: koalaCellWidth, height: koalaCellHeight)
    }

    /// A frame's silhouette grown by a pixel, in white (the row under the frames): tinted, the
    /// koala's outline.
    public static func koalaOutlineSource(frame: Int) -> IntRect {
        IntRect(x: frame * koalaCellWidth, y: koalaCellHeight, width: koalaCellWidth, height: koalaCellHeight)
    }

    /// The ghost's frame at a tick: a pale koala's head over a sheet with a wavy hem, no legs
    /// (a ghost, not a second koala), its hem waving as the clock runs.
    public static func ghostSource(tick: Int) -> IntRect {
        IntRect(x: ghostFrame(tick: tick) * koalaCellWidth, y: 2 * koalaCellHeight, width: koalaCellWidth, height: koalaCellHeight)
    }

    /// The ghost frame's silhouette grown by a pixel, in white: tinted, its outline.
    public static func ghostOutlineSource(tick: Int) -> IntRect {
        IntRect(x: ghostFrame(tick: tick) * koalaCellWidth, y: 3 * koalaCellHeight, width: koalaCellWidth, height: koalaCellHeight)
    }

    static func ghostFrame(tick: Int) -> Int { (max(0, tick) / ghostFrameTicks) % ghostFrames }

    /// A medal (objects.png): a disc on a ribbon, in its metal.
    public static func medal(_ medal: Medal) -> IntRect {
        let column = switch medal {
        case .gold: 0
        case .silver: 1
        case .bronze: 2
        }
        return IntRect(x: column * medalSide, y: 32, width: medalSide, height: medalSide)
    }
    public static let medalSide = 16

    /// The frame for a koala's state, derived from it (no animation state is kept).
    public static func koalaFrame(_ player: Player) -> Int {
        if player.dashing && abs(player.velocity.x) > dashPoseSpeedPerTick { return dashFrame }
        if !player.onGround { return jumpFrame }
        guard abs(player.velocity.x) > standingSpeedPerTick else { return standFrame }
        let step = Int((player.position.x / walkPixelsPerFrame).rounded(.down))
        return walkFrames[((step % walkFrames.count) + walkFrames.count) % walkFrames.count]
    }

    public static let goalWidth = 32
    public static let goalHeight = 64

    /// Level objects (objects.png): a checkpoint's flag down and up, stood on the bottom
    /// centre of its area; a leaf centred in its area; a critter's two walking frames, facing
    /// left, stood on its feet.
    public static let flagDown = IntRect(x: 0, y: 0, width: 16, height: 32)
    public static let flagUp = IntRect(x: 16, y: 0, width: 16, height: 32)
    public static let leaf = IntRect(x: 32, y: 0, width: 12, height: 12)
    public static let critterFrames = [IntRect(x: 32, y: 16, width: 16, height: 14), IntRect(x: 48, y: 16, width: 16, height: 14)]
    /// Pixels walked per critter frame: its legs follow its feet.
    public static let critterPixelsPerFrame = 4.0

    public static func critterSource(_ critter: Critter) -> IntRect {
        critterFrames[Int((critter.position.x / critterPixelsPerFrame).rounded(.down)) & 1]
    }

    /// A theme's backdrop images (sky, then hills or cave walls in front) and the colour behind.
    public static func backdrops(_ theme: Theme) -> (sky: TextureID, hills: TextureID, clear: Color) {
        switch theme {
        case .meadow: return (.sky, .hills, Color(79, 155, 224))
        case .dusk: return (.resource("sky-dusk.png"), .resource("hills-dusk.png"), Color(58, 40, 84))
        case .cave: return (.resource("sky-cave.png"), .resource("hills-cave.png"), Color(20, 18, 28))
        case .outback: return (.resource("sky-outback.png"), .resource("hills-outback.png"), Color(201, 106, 62))
        case .night: return (.resource("sky-night.png"), .resource("hills-night.png"), Color(20, 31, 46))
        }
    }

    /// Whether a theme's backdrop is mostly light (daylight skies): outlines that must show on
    /// it are dark.
    public static func hasLightBackdrop(_ theme: Theme) -> Bool {
        switch theme {
        case .meadow, .outback: return true
        case .dusk, .cave, .night: return false
        }
    }

    /// Every image a level needs beyond the built-in ones: its tilesets and its theme's backdrops.
    public static func textures(for map: LevelMap) -> [TextureID] {
        let look = backdrops(map.theme)
        return (map.drawsThemeBackdrop ? [look.sky, look.hills] : []) + map.imageFiles.map(TextureID.file)
    }

    /// Parallax: how far each backdrop moves per pixel the camera moves.
    public static let skyParallax = 0.1
    public static let hillsParallax = 0.4
    public static let backdropWidth = 568
    public static let backdropHeight = 320

    /// HUD sprites (all white, tinted translucent when drawn).
    public static let hudBase = IntRect(x: 0, y: 0, width: 80, height: 80)
    public static let hudKnob = IntRect(x: 80, y: 0, width: 40, height: 40)
    public static let hudButton = IntRect(x: 120, y: 0, width: 56, height: 56)
    public static let hudButtonPressed = IntRect(x: 176, y: 0, width: 56, height: 56)
    public static let hudPause = IntRect(x: 232, y: 0, width: 32, height: 32)

    /// The bitmap font: 16 columns of 8×12 cells, ASCII 32…127 first, then ``extraGlyphs``
    /// (Latin, Greek, Cyrillic, Arabic presentation forms, Japanese: `tools/make_font.py`). A
    /// glyph is as wide as it advances the pen: 8 (a cell) for Latin, Greek and Cyrillic, 12 for
    /// Japanese (full-width), the font's own advance for Arabic (proportional, so joined letters
    /// meet); one wider than a cell takes the next cell too.
    public static let glyphWidth = 8
    public static let glyphHeight = 12
    public static let glyphColumns = 16
    static let asciiCells = 96

    /// Each extra glyph's place, by Unicode scalar value: packed after ASCII's cells in order,
    /// one cell for a glyph up to a cell wide, two for a wider one, which moves to the next row
    /// rather than straddle the edge (as `tools/make_font.py` drew them).
    static let extraGlyphPlaces: [UInt32: (firstCell: Int, width: Int)] = {
        var places: [UInt32: (firstCell: Int, width: Int)] = [:]
        var cell = asciiCells
        for packed in extraGlyphs {
            let width = Int(packed >> 24), span = width > glyphWidth ? 2 : 1
            if cell % glyphColumns + span > glyphColumns { cell += glyphColumns - cell % glyphColumns }
            places[packed & 0xFF_FFFF] = (cell, width)
            cell += span
        }
        return places
    }()

    /// Where a character's glyph is in the atlas (its width the glyph's advance); nil for one
    /// the font does not have.
    public static func glyphSource(_ scalar: Unicode.Scalar) -> IntRect? {
        let code = Int(scalar.value)
        let index: Int, width: Int
        if code >= 32 && code < 128 {
            (index, width) = (code - 32, glyphWidth)
        } else if let place = extraGlyphPlaces[scalar.value] {
            (index, width) = place
        } else {
            return nil
        }
        return IntRect(x: (index % glyphColumns) * glyphWidth, y: (index / glyphColumns) * glyphHeight,
                       width: width, height: glyphHeight)
    }

    /// How far a character moves the pen, in unscaled pixels: its glyph's width, a cell for
    /// one the font does not have (drawn as nothing).
    public static func advance(_ scalar: Unicode.Scalar) -> Int {
        glyphSource(scalar)?.width ?? glyphWidth
    }
}
