import KoalioFlow
import KoalioCore
import KoalioInput
import KoalioLevel
import KoalioReplay
import KoalioSim
import KoalioTestSupport
import KoalioUserData
import XCTest
import KoalioSystem
import KoalioReplayFile
import KoalioHUD
import KoalioUI

/// The game above the world without SDL or a window: a ``FlowState`` stepped by hand (through
/// ``FlowState/tick(_:_:load:)``, the function the driver steps) with
/// input frames made the way the driver makes them (a real ``ControllerRegistry`` and
/// ``FrameInputReader``, pads fed the registry's own pad events), and the driver's joins and
/// leaves performed on the registry. Every tick's screen is kept, so a test can say that one
/// press made exactly one transition.
@MainActor
package final class FlowHarness {
    /// The shipped levels, read once.
    package static let levels: [(name: String, map: LevelMap, stage: Stage, sha256: [UInt8])] = ["level1", "level2", "level3"].compactMap { name in
        guard let file = try? Repository.file(named: name) else { return nil }
        return (name, file.map, file.stage, file.sha256)
    }

    /// The game's own runner: the flow, the registry, who steers and when the game pauses itself.
    package let runner: FlowRunner
    package var flow: FlowState {
        get { runner.flow }
        set { runner.flow = newValue }
    }
    package var registry: ControllerRegistry { runner.registry }
    package var presence: ControllerPresence { runner.presence }
    /// The player a controller belongs to, with the state's seats (nil: no one's).
    package func player(of id: ControllerID) -> Int? { registry.player(of: id, seats: runner.state.seats) }
    package var hud: HUD { runner.hud }
    /// What the game's driver would give the flow; ``context`` adds the registry's part, as the runner does.
    private var base = FlowContext()
    package var context: FlowContext { runner.context(base) }
    /// The phones' pairing card the driver gives the flow (nil: phone pads off).
    package var pairingCard: PairingCard? {
        get { base.pairingCard }
        set { base.pairingCard = newValue }
    }
    /// Whether the phones' server runs, as the driver says.
    package var phonesOn: Bool {
        get { base.phonesOn }
        set { base.phonesOn = newValue }
    }
    /// The rendezvous for games by room code, as the settings the driver gives name it (nil: none).
    package var rendezvous: String? {
        get { base.rendezvous }
        set { base.settings.rendezvous = newValue ?? "" }
    }
    /// The games discovery found, as the driver gives them.
    package var foundGames: [FoundGame] {
        get { base.foundGames }
        set { base.foundGames = newValue }
    }
    /// The driver's clock as the flow reads it (``FlowContext/now``): the tests move it by hand.
    package var now: Double {
        get { base.now }
        set { base.now = newValue }
    }
    /// Whether the game was started at its title (false: `--level`, `--host`, `--join`).
    package var playsTheGame: Bool {
        get { base.playsTheGame }
        set { base.playsTheGame = newValue }
    }
    /// The catalog's loader: the shipped levels, or a refusal for those `broken` names.
    package let load: (LevelRef) -> LevelLoad
    /// Every effect so far, and the screen after each tick.
    package private(set) var effects: [Effect] = []
    package private(set) var screens: [Screen] = []

    /// The game as started from the title with the three levels, all unlocked unless `progress` says otherwise.
    package init(progress: PlayerProgress? = nil, settings: Settings = Settings(), broken: Set<Int> = []) throws {
        let levels = Self.levels
        XCTAssertEqual(levels.count, 3, "the shipped levels load")
        var unlocked = PlayerProgress()
        for level in levels.dropLast() { _ = unlocked.recordWin(level: level.name, ticks: 5000) }
        let registry = ControllerRegistry()
        runner = FlowRunner(flow: FlowState(mode: .title, run: LevelRun(session: Session(stage: levels[0].stage), map: levels[0].map, index: 0, sha256: levels[0].sha256),
                                            progress: progress ?? unlocked),
                            registry: registry)
        base.levelNames = levels.map(\.name)
        base.playsTheGame = true
        load = { level in
            // A pack's levels are level 1 again (`broken` names catalog levels only).
            guard case let .catalog(index) = level else { return .loaded(levels[0].map, levels[0].stage, sha256: levels[0].sha256) }
            return broken.contains(index) ? .refused(.file(FileProblem(file: "Levels/\(levels[index].name).tmx", line: 3, kind: .damaged, detail: "broken on purpose")))
                : .loaded(levels[index].map, levels[index].stage, sha256: levels[index].sha256)
        }
        base.packs = [Self.pack]
        base.settings = settings
        base.keyNames = RecordedKeyNames.table
        registry.bindings = settings.bindings
        runner.presence.touchShown = settings.touchShown
        runner.beginFrame()
    }

    /// A pad event, as the driver hands it over.
    private func apply(_ event: PadEvent) { runner.apply(.pad(event)) }

    package var screen: Screen { flow.screen }

    /// The one level pack on the harness's shelf: two levels, the second missing.
    package static let pack = PackListing(id: "forest", title: "Forest trials", author: "Ana",
                                  levels: [.init(name: "intro", key: "sha256-intro", medals: MedalTimes(gold: 1800, silver: 2400, bronze: 3600)),
                                           .init(name: "canopy", key: nil)])

    /// Packs that could not be read, as the driver would list them.
    package func setPackProblems(_ problems: [FileProblem]) { base.packProblems = problems }

    /// The shelf as the driver gives it: the packs, and the folder the player puts them in.
    package func setPacks(_ packs: [PackListing], folder: String) {
        base.packs = packs
        base.packsFolder = folder
    }

    /// Starts a catalog level at once, as choosing it would (the load answered by the harness's catalog).
    package func startLevel(_ index: Int) { _ = flow.levelLoaded(.catalog(index), load(.catalog(index)), context) }

    /// The end of a 60 Hz frame of one tick, as the driver runs it: the frame's events were
    /// handed over as they came, after its ``FlowRunner/beginFrame()``; the next frame begins.
    package func tick(_ count: Int = 1) {
        for _ in 0..<count {
            runner.endEvents()
            effects += runner.tick(base, load: load)
            screens.append(flow.screen)
            runner.beginFrame()
        }
    }

    // MARK: - Controllers

    /// A pad as SDL would add it; returns its id.
    @discardableResult
    package func attach(_ category: ProductCategory, name: String? = nil) -> Int {
        let id = (registry.controllers.map { $0.id.padID ?? 0 }.max() ?? 0) + 1
        apply(.added(PadDescription(id: id, identity: PadIdentity(guid: "guid-\(id)"), name: name ?? "\(category) pad",
                                                 category: category, hasLight: true, hasRumble: true)))
        return id
    }

    package func detach(_ id: Int) { apply(.removed(id: id)) }

    package func pad(_ id: Int) -> Controller? { registry.controller(id: .pad(id)) }

    /// A key pressed for one tick and released the next (Enter, Escape, …).
    package func press(_ key: Key) {
        runner.apply(.keyDown(key, isRepeat: false))
        tick()
        runner.apply(.keyUp(key))
        tick()
    }

    /// The mouse pressed for one tick on `target` (what the view has under it) and let go the next.
    package func click(_ target: Tapped) {
        runner.apply(.pointer(PointerEvent(id: .mouse, phase: .down, position: Vec2(0, 0)), landsOn: target))
        tick()
        runner.apply(.pointer(PointerEvent(id: .mouse, phase: .up, position: Vec2(0, 0)), landsOn: target))
        tick()
    }

    /// A finger on a touch screen down for one tick on `target` and lifted the next.
    package func tap(_ target: Tapped) {
        let finger = PointerID.finger(device: 1, finger: 0)
        runner.apply(.pointer(PointerEvent(id: finger, phase: .down, position: Vec2(0, 0)), landsOn: target))
        tick()
        runner.apply(.pointer(PointerEvent(id: finger, phase: .up, position: Vec2(0, 0)), landsOn: target))
        tick()
    }

    /// A pad's button (by SDL's name) pressed for one tick and released the next.
    package func press(_ binding: PadBinding, pad id: Int) {
        set(binding, pad: id, down: true)
        tick()
        set(binding, pad: id, down: false)
        tick()
    }

    package func set(_ binding: PadBinding, pad id: Int, down: Bool) {
        switch binding {
        case let .button(button): apply(.button(id: id, button, down: down))
        case let .trigger(axis): apply(.axis(id: id, axis, value: down ? 1 : 0))
        }
    }

    /// What a prompt's glyph shows, pressed: the key by its name, or the pad button it pictures.
    package func press(_ glyph: ButtonGlyph, pad id: Int?) throws {
        switch glyph {
        case let .keycap(name): press(try XCTUnwrap(RecordedKeyNames.table.key(named: name), "a key called \(name)"))
        case let .pad(binding, _): press(binding, pad: try XCTUnwrap(id, "a pad glyph with no pad"))
        case .touch: XCTFail("touch glyphs are pressed on the screen")
        }
    }

    /// The prompts of the controller in hand (the pad `id`, or the keyboard).
    package func prompts(pad id: Int?) throws -> Prompts {
        let controller = try id.map { try XCTUnwrap(pad($0)) } ?? registry.keyboard.controller
        return Prompts(controller: controller, bindings: context.settings.bindings, keyNames: RecordedKeyNames.table)
    }

    // MARK: - Levels

    /// Plays the level in place to its end: a win from its golden replay, or a death by
    /// walking right into the first pit (on level 1, over its crates with one jump first: a
    /// death before the first checkpoint ends the run).
    package func finishLevel(won: Bool) throws {
        let index = try XCTUnwrap(flow.run.index)
        var session = Session(stage: Self.levels[index].stage)
        if won {
            let path = Repository.path("Tests/Replays/\(Self.levels[index].name).koalioreplay")
            let recording = try ReplayFile.decode(try FileBytes.read(path, limit: 1 << 24), file: path)
            for input in recording.inputs where session.state != .won { session.step(input) }
        } else {
            while session.state == .playing && session.world.tick < 3000 {
                session.step(TickInput(source: 0, snapshot: Repository.level1IntoThePitPad(tick: session.world.tick)))
            }
        }
        XCTAssertEqual(session.state, won ? .won : .died)
        flow.run.session = session
    }

    /// The screens from tick `start` on, with repeats folded: one press, one transition, is
    /// `[before, after]`.
    package func transitions(since start: Int) -> [Screen] {
        screens[start...].reduce(into: [Screen]()) { if $0.last != $1 { $0.append($1) } }
    }
}
