import CSDL2
import Dispatch
import FoundationEssentials
import Glibc
import KoalioCore

/// SDL_mixer's device, effects and music loops as the worker thread opened them, for
/// ``Audio`` to take over on the main thread. It owns the C handles until then.
struct OpenedAudio: @unchecked Sendable {
    /// Nil: no device (``warning`` says why); the game plays silently.
    var mix: KoalioMixer?
    var chunks: [SoundEffect: UnsafeMutablePointer<Mix_Chunk>] = [:]
    /// Music loops by file name (`title`, `level1`, …).
    var tracks: [String: OpaquePointer] = [:]
    var warning: String?

    static func silent(_ reason: String) -> OpenedAudio {
        OpenedAudio(mix: nil, warning: "no sound: \(reason) (the game plays on silently)")
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

    /// Opens the device and loads every effect and loop. No device is not an error (a silent
    /// result with its warning); a missing or broken effect is, as a missing image is: the
    /// game's own files are damaged. Music loops are optional: one that does not load is left out.
    private static func open(resourceDirectory: String, volumes: Audio.Volumes) throws(DataFileError) -> OpenedAudio {
        guard let mix = koalio_mixer()?.pointee else {
            return .silent("cannot load SDL_mixer (\(String(cString: koalio_mixer_error())))")
        }
        guard withStandardErrorHushed({ SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) }) == 0 else {
            return .silent(String(cString: SDL_GetError()))
        }
        guard withStandardErrorHushed({ mix.OpenAudio(Audio.frequency, koalio_mix_default_format(), 2, Audio.chunkSamples) }) == 0 else {
            let reason = String(cString: SDL_GetError())
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return .silent(reason)
        }
        var opened = OpenedAudio(mix: mix)
        // Not checked: it returns the number of channels now allocated, never an error.
        _ = mix.AllocateChannels(Audio.channels)
        for effect in SoundEffect.allCases {
            let path = resourceDirectory + "/sounds/" + effect.rawValue + ".wav"
            // SDL_RWFromFile's own error names the file's problem (missing, unreadable).
            guard let file = SDL_RWFromFile(path, "rb"), let chunk = mix.LoadWAV_RW(file, 1) else {  // 1: SDL_mixer closes the file
                let error = DataFileError(file: path, reason: "cannot load sound: \(String(cString: SDL_GetError()))")
                Audio.close(opened)
                throw error
            }
            // Returns the previous volume, never an error.
            _ = mix.VolumeChunk(chunk, Audio.chunkVolume(volumes))
            opened.chunks[effect] = chunk
        }
        let musicDirectory = resourceDirectory + "/music"
        let loops = (try? FileManager.default.contentsOfDirectory(atPath: musicDirectory)) ?? []
        for file in loops where file.hasSuffix(".ogg") {
            if let music = mix.LoadMUS(musicDirectory + "/" + file) { opened.tracks[String(file.dropLast(4))] = music }
        }
        return opened
    }

    /// Runs `body` with stderr sent to /dev/null: while SDL probes for a device, ALSA's library
    /// prints its own complaints there (a machine with no sound card gets eight lines); the game
    /// says what matters in one line instead. (A line the main thread writes meanwhile is lost
    /// with them; the probe takes milliseconds, after start-up's warnings.)
    private static func withStandardErrorHushed(_ body: () -> Int32) -> Int32 {
        let saved = dup(STDERR_FILENO)
        let null = Glibc.open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return body()
        }
        _ = dup2(null, STDERR_FILENO)
        close(null)
        defer {
            _ = dup2(saved, STDERR_FILENO)
            close(saved)
        }
        return body()
    }
}

/// The audio device taken over by the game loop.
public struct AudioAdopted: Sendable {
    /// The line to print when the game plays silently (no device, no SDL_mixer).
    public let warning: String?
}
