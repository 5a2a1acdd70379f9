import CSDL2
import Dispatch
import FoundationEssentials
import Glibc
import KoalioCore

/// The mixer as the worker thread opened it, for ``Audio`` to take over on the main thread.
struct OpenedAudio: Sendable {
    /// Nil: no device (``warning`` says why); the game plays silently.
    var mixer: Mixer?
    /// Each effect's sound in the mixer.
    var sounds: [SoundEffect: Int] = [:]
    var warning: String?

    static func silent(_ reason: String) -> OpenedAudio {
        OpenedAudio(mixer: nil, warning: "no sound: \(reason) (the game plays on silently)")
    }
}

/// Opens the audio device on a worker thread. A sound server can take tens of milliseconds to
/// answer, and decoding the effects and reading the music headers takes more: done on the main
/// thread after the first frame, it made the second frame 24–28 ms late (`make bench`).
///
/// SDL is up before this starts and stays up until it is taken (``Platform`` waits for it
/// before letting SDL go); the main thread meanwhile touches no audio.
final class AudioOpening: @unchecked Sendable {
    // Written by the worker before `done` is signalled, read by the main thread after.
    private var outcome: Result<OpenedAudio, DataFileError> = .success(.silent("not opened"))
    private let done = DispatchSemaphore(value: 0)

    /// Starts opening the device with the sounds in `resourceDirectory` and returns at once.
    static func start(resourceDirectory: String, volumes: Audio.Volumes) -> AudioOpening {
        let opening = AudioOpening()
        DispatchQueue.global(qos: .userInitiated).async {
            opening.outcome = Result { () throws(DataFileError) in try open(resourceDirectory: resourceDirectory, volumes: volumes) }
            // SDL keeps per-thread data (its error text) for every thread that calls it and frees
            // it only for threads it made: this one is Dispatch's (LeakSanitizer found it).
            SDL_TLSCleanup()
            opening.done.signal()
        }
        return opening
    }

    /// The device and sounds once the worker is done (then again on every call: take them
    /// once), or nil while it works and `waiting` is false.
    func result(waiting: Bool) -> Result<OpenedAudio, DataFileError>? {
        guard done.wait(timeout: waiting ? .distantFuture : .now()) == .success else { return nil }
        done.signal()
        return outcome
    }

    /// Opens the device, loads every effect and finds the loops (each opened when it plays). No device is not an error (a silent
    /// result with its warning); a missing or broken effect is, as a missing image is: the
    /// game's own files are damaged. Music loops are optional: one that does not load is left out.
    private static func open(resourceDirectory: String, volumes: Audio.Volumes) throws(DataFileError) -> OpenedAudio {
        var sounds: [Mixer.Sound] = []
        var indices: [SoundEffect: Int] = [:]
        do {
            for effect in SoundEffect.allCases {
                indices[effect] = sounds.count
                sounds.append(try Mixer.loadSound(resourceDirectory + "/sounds/" + effect.rawValue + ".wav"))
            }
        } catch {
            for sound in sounds { sound.bytes.deallocate() }
            throw error
        }
        let musicDirectory = resourceDirectory + "/music"
        var tracks: [String: String] = [:]
        let loops = (try? FileManager.default.contentsOfDirectory(atPath: musicDirectory)) ?? []
        for file in loops where file.hasSuffix(".ogg") { tracks[String(file.dropLast(4))] = musicDirectory + "/" + file }
        let mixer = Mixer(sounds: sounds, tracks: tracks)
        guard withStandardErrorHushed({ SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) }) == 0 else {
            return .silent(String(cString: SDL_GetError()))
        }
        do {
            try withStandardErrorHushed { () throws(SDLError) in try mixer.open() }
        } catch {
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return .silent(error.reason)
        }
        mixer.setVolumes(music: 0, effects: Audio.effectsVolume(volumes))
        return OpenedAudio(mixer: mixer, sounds: indices)
    }

    /// Runs `body` with stderr sent to /dev/null: while SDL probes for a device, ALSA's library
    /// prints its own complaints there (a machine with no sound card gets eight lines); the game
    /// says what matters in one line instead. (A line the main thread writes meanwhile is lost
    /// with them; the probe takes milliseconds, after start-up's warnings.)
    private static func withStandardErrorHushed<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let saved = dup(STDERR_FILENO)
        let null = Glibc.open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return try body()
        }
        _ = dup2(null, STDERR_FILENO)
        close(null)
        defer {
            _ = dup2(saved, STDERR_FILENO)
            close(saved)
        }
        return try body()
    }
}

/// The audio device taken over by the game loop.
public struct AudioAdopted: Sendable {
    /// The line to print when the game plays silently (no device).
    public let warning: String?
}
