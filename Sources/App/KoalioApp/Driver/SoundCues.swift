import KoalioFlow
import KoalioCore
import KoalioSDL

/// The game's sound effects on their way out: played at once when the audio device is open,
/// kept until it is while it opens (it starts after the first frame, on a worker thread: a
/// sound server can take a while to answer), and noted for the trace's `sounds`.
@MainActor
final class SoundCues {
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

    /// The device is open (or never will be): nothing waits for the next frame to be played.
    var isSettled: Bool { !opensAudio || phase == .open }

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
}
