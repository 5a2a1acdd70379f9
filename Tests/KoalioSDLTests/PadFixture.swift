import CSDL2
import Foundation
import KoalioInput
import KoalioSDL
import KoalioScriptPlayback
import KoalioTestSupport
import XCTest

/// SDL up with the dummy video driver (the platform layer's own set-up), a registry, and
/// helpers to attach virtual pads and let SDL deliver what they did.
@MainActor
final class PadFixture {
    let registry = ControllerRegistry()
    /// Players 2–4, as the game's state would hold them.
    var seats = Seating()
    let platform: Platform
    private(set) var pads: [VirtualPad] = []

    init() throws {
        TestEnvironment.isolate()
        var options = PlatformOptions(resourceDirectory: Repository.path("Resources"))
        options.headless = true
        platform = try Platform(options: options)
        pump()
    }

    /// Lets SDL deliver pending events (virtual pad changes arrive at the next poll).
    /// Returns what the registry said changed.
    @discardableResult
    func pump() -> [ControllerChange] {
        let events = platform.pollEvents()
        XCTAssertTrue(events.allSatisfy { if case .quit = $0 { return false }; return true })
        var changes: [ControllerChange] = []
        for case let .pad(event) in events { changes += registry.apply(event, seats: &seats) }
        platform.performControllerEffects(registry.drainEffects())
        return changes
    }

    @discardableResult
    func attach(_ kind: VirtualPad.Kind) throws -> VirtualPad {
        let pad = try VirtualPad(kind: kind)
        pads.append(pad)
        pump()
        return pad
    }

    func controller(_ pad: VirtualPad) throws -> Controller {
        try XCTUnwrap(registry.controller(id: .pad(pad.instanceID)), "pad \(pad.kind) is registered")
    }

    /// Detaches every pad before SDL shuts down.
    func tearDown() {
        for pad in pads { pad.detach() }
        pump()
    }
}
