import CSDL2
import Dispatch
import KoalioCore

/// Images decoded on a worker thread while SDL opens the window on the main one: decoding a
/// PNG needs no video, and start-up is mostly waiting for the X server.
public final class DecodedImages: @unchecked Sendable {
    // Written by the worker before `done` is signalled, read by the main thread after waiting.
    private var surfaces: [TextureID: UnsafeMutablePointer<SDL_Surface>] = [:]
    private var failure: DataFileError?
    private let done = DispatchSemaphore(value: 0)

    /// Starts decoding `ids` (resolved against `resourceDirectory`) and returns at once.
    public static func start(_ ids: [TextureID], resourceDirectory: String) -> DecodedImages {
        let images = DecodedImages()
        DispatchQueue.global(qos: .userInitiated).async {
            for id in ids where images.surfaces[id] == nil {
                let path = Self.path(of: id, resourceDirectory: resourceDirectory)
                do throws(DataFileError) { images.surfaces[id] = try PNGDecoder.surface(path) } catch {
                    images.failure = error
                    break
                }
            }
            images.done.signal()
        }
        return images
    }

    static func path(of id: TextureID, resourceDirectory: String) -> String {
        switch id {
        case .resource(let name): return resourceDirectory + "/" + name
        case .file(let path): return path
        }
    }

    /// Whether the worker is done (a ``take()`` now would not wait).
    public var isDone: Bool {
        guard done.wait(timeout: .now()) == .success else { return false }
        done.signal()
        return true
    }

    /// Waits for the worker, then hands over the surfaces (the caller frees them), or its error.
    func take() throws(DataFileError) -> [TextureID: UnsafeMutablePointer<SDL_Surface>] {
        done.wait()
        done.signal()  // a second take() returns at once
        if let failure { throw failure }
        defer { surfaces.removeAll() }
        return surfaces
    }

    deinit {
        for surface in surfaces.values { SDL_FreeSurface(surface) }
    }
}
