import CSDL2
import KoalioCore
import KoalioInput
import KoalioSDL
import XCTest

/// SDL's mouse and finger events in window coordinates become logical-view pointers.
final class PointerTranslationTests: XCTestCase {
    @MainActor
    static func pointerEvents(_ fixture: PadFixture) -> [PointerEvent] {
        fixture.platform.pollEvents().compactMap { if case let .pointer(p) = $0 { return p }; return nil }
    }

    func testMouseFingersAndTouchMadeMouseEvents() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()  // a 1136×640 window showing the 568×320 view at 2×
            defer { fixture.tearDown() }
            var down = SDL_Event()
            down.type = SDL_MOUSEBUTTONDOWN.rawValue
            down.button.button = UInt8(SDL_BUTTON_LEFT)
            down.button.state = UInt8(SDL_PRESSED)
            down.button.x = 200
            down.button.y = 100
            SDL_PushEvent(&down)
            var touchMade = down
            touchMade.button.which = koalio_touch_mouse_id()
            SDL_PushEvent(&touchMade)
            var finger = SDL_Event()
            finger.type = SDL_FINGERDOWN.rawValue
            finger.tfinger.touchId = 3
            finger.tfinger.fingerId = 9
            finger.tfinger.x = 0.5
            finger.tfinger.y = 0.25
            SDL_PushEvent(&finger)
            var hover = SDL_Event()
            hover.type = SDL_MOUSEMOTION.rawValue
            hover.motion.x = 10
            hover.motion.y = 10
            SDL_PushEvent(&hover)
            let events = Self.pointerEvents(fixture)
            XCTAssertEqual(events, [PointerEvent(id: .mouse, phase: .down, position: Vec2(100, 50)),
                                    PointerEvent(id: .finger(device: 3, finger: 9), phase: .down, position: Vec2(284, 80))],
                           "touch-made mouse events are dropped; buttonless hovering is no pointer")
        }
    }

    /// Hovering (no button) is reported as the mouse moving, for the pointer to show again;
    /// a touch-made motion is not.
    func testHoveringIsMouseMotionAndTouchMadeMotionIsNot() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            var hover = SDL_Event()
            hover.type = SDL_MOUSEMOTION.rawValue
            hover.motion.x = 10
            SDL_PushEvent(&hover)
            hover.motion.which = koalio_touch_mouse_id()
            SDL_PushEvent(&hover)
            XCTAssertEqual(fixture.platform.pollEvents(), [.mouseMoved])
        }
    }

    /// Every window event after which the window may not show the last picture asks for it again.
    func testExposedResizedMovedAndRefocusedWindowsAskForARepaint() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let kinds = [SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_DISPLAY_CHANGED, SDL_WINDOWEVENT_FOCUS_GAINED,
                         SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MOVED]
            for kind in kinds {
                var event = SDL_Event()
                event.type = SDL_WINDOWEVENT.rawValue
                event.window.event = UInt8(kind.rawValue)
                SDL_PushEvent(&event)
            }
            XCTAssertEqual(fixture.platform.pollEvents(), [.repaint, .repaint, .repaint, .repaint, .repaint], "a move alone changes no pixel")
        }
    }

    func testLosingFocusIsReported() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            var event = SDL_Event()
            event.type = SDL_WINDOWEVENT.rawValue
            event.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
            SDL_PushEvent(&event)
            event.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue)
            SDL_PushEvent(&event)
            XCTAssertEqual(fixture.platform.pollEvents(), [.focusLost, .repaint], "focus gained only shows the picture again: the player resumes")
        }
    }

    func testPushedPointersRoundTripThroughSDL() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let sent = [PointerEvent(id: .mouse, phase: .down, position: Vec2(70, 250)),
                        PointerEvent(id: .mouse, phase: .move, position: Vec2(110, 240)),
                        PointerEvent(id: .finger(device: 1, finger: 2), phase: .move, position: Vec2(516, 250)),
                        PointerEvent(id: .mouse, phase: .up, position: Vec2(110, 240))]
            for event in sent { try fixture.platform.pushPointer(event) }
            let received = Self.pointerEvents(fixture)
            XCTAssertEqual(received.map(\.id), sent.map(\.id))
            XCTAssertEqual(received.map(\.phase), sent.map(\.phase))
            for (got, want) in zip(received, sent) {
                XCTAssertEqual(got.position.x, want.position.x, accuracy: 0.01, "fingers travel as 0…1 floats")
                XCTAssertEqual(got.position.y, want.position.y, accuracy: 0.01)
            }
        }
    }

    /// Fill on a 1280×800 window: the view sits at (0, 39), 1280×721 (2.254×). A click where a
    /// player sees the joystick (the view's (70, 250)) lands there; pixel-perfect puts the view
    /// at (72, 80) at 2×, so the same click would be elsewhere.
    func testClicksLandWhereTheFilledViewIsDrawn() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            fixture.platform.resizeWindow(width: 1280, height: 800)
            _ = fixture.platform.pollEvents()
            for (scaling, expected) in [(ViewScaling.fill, Vec2(70, 250)), (.pixelPerfect, Vec2((158 - 72) / 2, (602 - 80) / 2))] {
                fixture.platform.setScaling(scaling)
                var down = SDL_Event()
                down.type = SDL_MOUSEBUTTONDOWN.rawValue
                down.button.button = UInt8(SDL_BUTTON_LEFT)
                down.button.x = 158  // 70 × 1280/568 = 157.7
                down.button.y = 602  // 39 + 250 × 721/320 = 602.3
                SDL_PushEvent(&down)
                let got = try XCTUnwrap(Self.pointerEvents(fixture).first)
                XCTAssertEqual(got.position.x, expected.x, accuracy: 0.5, "\(scaling)")
                XCTAssertEqual(got.position.y, expected.y, accuracy: 0.5, "\(scaling)")
            }
        }
    }
}
