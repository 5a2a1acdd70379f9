import KoalioCore
import KoalioInput
import KoalioLevel
import KoalioLevelFile
import KoalioSim

extension Repository {
    /// The shipped first level's stage: what most tests play on.
    public static func level1Stage() throws -> Stage { try LevelFile.load(level1).stage }

    /// A koala walking right from level 1's spawn that jumps in these ticks clears its crates
    /// and walks on into the first pit, before any checkpoint: the run is lost (walking right
    /// alone only meets the crates).
    public static let level1OverTheCratesTicks = 150..<170

    /// Walking right into level 1's first pit: the command for the session's `tick`.
    public static func level1IntoThePit(tick: Int) -> Command {
        Command(moveX: 1, jump: level1OverTheCratesTicks.contains(tick))
    }

    /// The same walk into level 1's first pit on a pad: the d-pad right, A over the crates.
    public static func level1IntoThePitPad(tick: Int) -> GamepadSnapshot {
        var snapshot = GamepadSnapshot.neutral
        snapshot.dpadX = 1
        if level1OverTheCratesTicks.contains(tick) { snapshot.buttonA = 1 }
        return snapshot
    }
}

extension Repository {
    /// A shipped level's stage by name (`level2` for `Levels/level2.tmx`).
    public static func stage(named name: String) throws -> Stage { try file(named: name).stage }

    /// A shipped level's file, read, hashed and staged.
    public static func file(named name: String) throws -> LevelFile { try LevelFile.load(path("Levels/\(name).tmx")) }
}
