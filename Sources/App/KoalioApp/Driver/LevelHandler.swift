import KoalioCore
import KoalioFlow
import KoalioSDL
import KoalioText

/// Levels: the flow's loads answered (``LevelLoader``, with the next level read ahead), a run
/// that starts recorded (``RunKeeper``), `--watch`'s reloads (``LevelWatch``), a refused level
/// said on stderr.
@MainActor
final class LevelHandler {
    let loader: LevelLoader
    /// `--watch`: the level's files, and what went wrong with the last save.
    let watch: LevelWatch?
    private let keeper: RunKeeper
    private let platform: Platform

    init(loader: LevelLoader, watch: LevelWatch?, keeper: RunKeeper, platform: Platform) {
        self.loader = loader
        self.watch = watch
        self.keeper = keeper
        self.platform = platform
    }

    /// The flow's level load, answered within its tick (``FlowState/answeringLoads(_:_:load:)``).
    func load(_ level: LevelRef) -> LevelLoad { loader.load(level) }

    /// A run began: recorded, with the ghost of its best run (the setting on); a speedrun's next
    /// level read while this one is played, so its flag's frame only takes it.
    func started(_ flow: FlowState, ghostOn: Bool) {
        keeper.begin(flow.run, catalogName: catalogName(of: flow.run), ghostOn: ghostOn)
        if let speedrun = flow.speedrun, speedrun.levels.indices.contains(speedrun.current + 1) { loader.readAhead(speedrun.levels[speedrun.current + 1]) }
    }

    /// `--watch`: the flow took the reloaded level: recorded anew (no ghost: it is not the level
    /// a best run was made on), its files watched.
    func reloaded(_ flow: FlowState, keptPlace: Bool) {
        keeper.begin(flow.run, catalogName: nil, ghostOn: false)
        watch?.reloaded(flow.run.map, keptPlace: keptPlace)
    }

    /// A chosen level did not start: one line on stderr (which stays English; the menu says it too).
    func refused(_ problem: LoadProblem) { warn(problem.line) }

    /// `--watch`, before a frame's input: the watched files' changes, the reload for the flow.
    func reloadIfChanged() -> GameAction? { watch?.reloadIfChanged(platform) }

    /// Once a frame, after its ticks: the images of the level read ahead decoded.
    func frame() { loader.decodeAhead() }

    /// The name a level's best run and ghost are kept under: a catalog level's name, a pack
    /// level's digest key.
    private func catalogName(of run: LevelRun) -> String? {
        guard let index = run.index, let names = loader.catalog?.names, names.indices.contains(index) else { return run.packRecord?.key }
        return names[index]
    }
}
