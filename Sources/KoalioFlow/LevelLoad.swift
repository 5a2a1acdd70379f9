import KoalioCore
import KoalioSim

/// A level of the catalog, loaded and ready to draw, or why it cannot be played (one line
/// naming the file, the place and the problem): the driver's answer to ``Effect/loadLevel(_:)``.
package enum LevelLoad {
    case loaded(LevelMap, Stage, sha256: [UInt8])
    case refused(String)
}
