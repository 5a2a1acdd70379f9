import KoalioFlow
import KoalioCore
import KoalioSDL
import KoalioUserData

/// Sound: the game's effects on their way out (played at once when the audio device is open,
/// kept until it is while it opens: it starts after the first frame, on a worker thread, a
/// sound server can take a while to answer; noted for the trace's `sounds`), the music each
/// frame (the level's or the title's, ducked while paused) and the volumes.
@MainActor
final class AudioHandler {
    enum Phase { case notStarted, opening, open }

    private let platform: Platform
    /// The game opens the audio device (not for headless runs without sound).
    private let opensAudio: Bool
    private var phase = Phase.notStarted
    private var waiting: [SoundEffect] = []
    private var traced: [SoundEffect] = []

    init(platform: Platform, opensAudio: Bool) {
        self.platform = platform
        self.opensAudio = opensAudio
    }

    /// The device is open (or never will be) and will not pause after effects still sounding:
    /// nothing waits for a coming frame.
    var isSettled: Bool { !opensAudio || (phase == .open && !platform.audio.pausesSoon) }

    func cue(_ effect: SoundEffect) {
        if opensAudio && phase != .open { waiting.append(effect) } else { platform.audio.play(effect) }
        traced.append(effect)
    }

    /// The effects cued since the last call (one trace line's worth).
    func takeTraced() -> [SoundEffect] {
        defer { traced.removeAll() }
        return traced
    }

    /// Starts opening the audio device once the first frame is up, and takes it over when the
    /// worker is done, playing what was cued meanwhile.
    func advance(waiting wait: Bool) throws(KoalioError) {
        guard opensAudio else { return }
        if phase == .notStarted {
            platform.startAudio()
            phase = .opening
        }
        guard phase == .opening else { return }
        let adopted: AudioAdopted?
        do { adopted = try platform.adoptAudio(waiting: wait) } catch { throw .audio(error) }
        guard let adopted else { return }
        phase = .open
        if let warning = adopted.warning { warn(warning) }
        for effect in waiting { platform.audio.play(effect) }
        waiting.removeAll()
    }

    /// Once a frame: the music the screen plays, ducked under a paused level; the device
    /// paused once nothing is audible.
    func frame(_ flow: FlowState) {
        platform.audio.playMusic(flow.playsLevelMusic ? .level(flow.session.stage.name) : .title)
        platform.audio.setDucked(flow.playsLevelMusic && flow.run.shownState == .paused)
        platform.audio.settle()
    }

    /// The Music and Effects volumes.
    func apply(_ settings: Settings) {
        platform.setVolumes(Audio.Volumes(music: settings.musicVolume, effects: settings.effectsVolume))
    }
}
