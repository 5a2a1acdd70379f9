import CSDL2
@testable import KoalioApp
@testable import KoalioFlow
import KoalioCore
@testable import KoalioSDL
import KoalioSim
import KoalioTestSupport
import KoalioView
import XCTest

/// The koala and the ghost stand out against the backdrop of every theme: drawn by SDL's
/// software renderer (headless), the pixels of each figure's body, and of its outline, are
/// compared with the same pixels drawn without the figure. One of the two must reach WCAG's 3:1
/// for graphics: a dark outline carries a figure over a light sky, a light body over a dark cave.
final class ContrastTests: XCTestCase {
    /// WCAG's threshold for graphics that must be seen (1.4.11, non-text contrast).
    static let minimumContrast = 3.0

    /// A shipped level of each theme.
    static let levels: [(Theme, String)] = [(.meadow, "level1"), (.dusk, "level2"), (.night, "level3"), (.outback, "level4"), (.cave, "level6")]

    func testTheKoalaAndTheGhostStandOutInEveryTheme() throws {
        try MainActor.assumeIsolated {
            let platform = try ContrastTests.headlessPlatform()
            XCTAssertEqual(Set(Self.levels.map(\.0)), Set(Theme.allCases), "every theme is measured")
            for (theme, name) in Self.levels {
                let file = try Repository.file(named: name), map = file.map
                XCTAssertEqual(map.theme, theme)
                try platform.preload(Art.textures(for: map))
                var session = Session(stage: file.stage)
                for _ in 0..<30 { session.advance(Command()) }  // standing at the start
                var ghost = session.world.player
                ghost.position.x += 60
                var overlay = Scene.Overlay()
                overlay.ghost = ghost
                let full = Scene.drawList(session, on: map, overlay: overlay, showStatus: false)
                func isOutline(_ item: DrawItem) -> Bool {
                    if case let .sprite(.koala, source, _, _, _) = item { return source.y == Art.koalaCellHeight || source.y == 3 * Art.koalaCellHeight } else { return false }
                }
                func isKoala(_ item: DrawItem) -> Bool { if case .sprite(.koala, _, _, _, _) = item { return true } else { return false } }
                @MainActor func without(_ drop: (DrawItem) -> Bool) throws -> [UInt32] {
                    var list = full
                    list.items.removeAll(where: drop)
                    return try Self.pixels(list, platform)
                }
                let shown = try Self.pixels(full, platform)
                for (figure, mine) in [("koala", { (item: DrawItem) in isKoala(item) && !Self.isGhost(item, theme) }),
                                       ("ghost", { (item: DrawItem) in Self.isGhost(item, theme) })] {
                    let outlineOnly = try without { mine($0) && !isOutline($0) }
                    let backdrop = try without(mine)
                    let body = shown.indices.filter { shown[$0] != outlineOnly[$0] }
                    let ring = shown.indices.filter { shown[$0] == outlineOnly[$0] && outlineOnly[$0] != backdrop[$0] }
                    XCTAssertGreaterThan(body.count, 100, "\(theme): the \(figure) is drawn")
                    let bodyContrast = Self.contrast(shown, backdrop, at: body), ringContrast = Self.contrast(shown, backdrop, at: ring)
                    print("contrast \(theme) \(figure): body \(bodyContrast), outline \(ringContrast)")
                    XCTAssertGreaterThanOrEqual(max(bodyContrast, ringContrast), Self.minimumContrast,
                                                "\(theme): the \(figure) (its body or its outline) against its backdrop")
                }
            }
        }
    }

    /// Whether a sprite of the koala's texture is the ghost's (its tint is the ghost's, or its
    /// outline's in the theme).
    static func isGhost(_ item: DrawItem, _ theme: Theme) -> Bool {
        guard case let .sprite(.koala, _, _, _, tint) = item else { return false }
        return tint == Scene.ghostTint || tint == Scene.ghostOutline(theme)
    }

    /// SDL's software renderer without a window, the view at 1×, the built-in images loaded.
    @MainActor
    static func headlessPlatform() throws -> Platform {
        TestEnvironment.isolate()
        var options = PlatformOptions(resourceDirectory: Repository.path("Resources"))
        options.headless = true
        options.scale = 1
        let platform = try Platform(options: options)
        try platform.preload(TextureID.builtIn)
        return platform
    }

    /// The frame's pixels (0x00RRGGBB), drawn as the game draws it.
    @MainActor
    static func pixels(_ list: DrawList, _ platform: Platform) throws -> [UInt32] {
        try platform.render(list)
        let path = Scratch.file(".png")
        try platform.saveScreenshot(to: path)
        let surface = try PNGDecoder.surface(path)
        defer { SDL_FreeSurface(surface) }
        guard let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { throw XCTSkip("convert") }
        defer { SDL_FreeSurface(converted) }
        let width = Int(converted.pointee.w), height = Int(converted.pointee.h), stride = Int(converted.pointee.pitch) / 4
        let raw = converted.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        return (0..<height).flatMap { y in (0..<width).map { x in raw[y * stride + x] & 0x00FF_FFFF } }
    }

    /// The mean WCAG contrast ratio, over the pixels given, between each pixel as shown and as
    /// the backdrop alone shows it.
    static func contrast(_ shown: [UInt32], _ backdrop: [UInt32], at pixels: [Int]) -> Double {
        guard !pixels.isEmpty else { return 0 }
        var total = 0.0
        for index in pixels {
            let a = luminance(shown[index]), b = luminance(backdrop[index])
            total += (max(a, b) + 0.05) / (min(a, b) + 0.05)
        }
        return total / Double(pixels.count)
    }

    /// Relative luminance (sRGB, as WCAG defines it).
    static func luminance(_ rgb: UInt32) -> Double {
        func linear(_ channel: UInt32) -> Double {
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb >> 16 & 0xFF) + 0.7152 * linear(rgb >> 8 & 0xFF) + 0.0722 * linear(rgb & 0xFF)
    }
}
