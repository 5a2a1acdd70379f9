import FoundationEssentials

/// Which SDL renderer to draw with (`--renderer`).
public enum RendererChoice: String, Sendable, CaseIterable {
    /// Software when the machine has no GPU to speak of, otherwise SDL's default.
    case auto
    /// SDL's software renderer, presented without OpenGL (`SDL_FRAMEBUFFER_ACCELERATION=0`).
    case software
    /// SDL's default accelerated renderer (OpenGL on X11).
    case accelerated

    /// Resolves `auto`. With no DRI render node, or Mesa told to use software, OpenGL would be
    /// llvmpipe: the software renderer presented directly is cheaper than that (see `make bench`).
    public func resolved(fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) },
                         environment: [String: String] = ProcessInfo.processInfo.environment) -> RendererChoice {
        guard self == .auto else { return self }
        if environment["LIBGL_ALWAYS_SOFTWARE"].map({ $0 != "0" && !$0.isEmpty }) == true { return .software }
        let hasRenderNode = (128..<136).contains { fileExists("/dev/dri/renderD\($0)") }
        return hasRenderNode ? .accelerated : .software
    }
}
