/// What a phone's pad holds, game frame by game frame, made from the frames its page sent.
///
/// The page sends whole states with press counters; the game sees its pad once a frame. A press
/// the phone made and let go between two game frames (its counter moved, nothing held) is held
/// down for exactly one frame and let go at the next, whether or not a new frame came (SDL drops
/// a press and its release set between two pumps). Two taps that close together are two presses:
/// the second waits for the frame after the first was let go, so a double tap on A from the
/// title reaches the level it opens. The first frame of a connection only sets where the
/// counters start (a page that reconnects without reloading keeps counting).
public struct PhonePadLatch: Equatable, Sendable {
    public enum Button: CaseIterable, Hashable, Sendable {
        case a, b, pause
    }

    /// Presses waiting for a frame of their own, at most this many a button: a phone sending
    /// counters that jump (a flood, a bad page) cannot queue taps for seconds.
    public static let waitingPressLimit = 2

    /// The buttons down this game frame.
    public private(set) var down: Set<Button> = []
    /// The stick this game frame (the latest frame's).
    public private(set) var stickX: Int16 = 0, stickY: Int16 = 0

    private var latest: PhoneFrame?
    private var waiting: [Button: Int] = [:]
    /// Down only for a counted press: let go at the next game frame.
    private var tapped: Set<Button> = []

    public init() {}

    /// One game frame: `frame` is the page's latest state (the same again when nothing new came).
    public mutating func step(receiving frame: PhoneFrame?) {
        if let frame {
            if let latest {
                for button in Button.allCases {
                    let moved = Int(frame[presses: button] &- latest[presses: button])
                    waiting[button] = min(Self.waitingPressLimit, waiting[button, default: 0] + moved)
                }
            }
            latest = frame
            stickX = frame.stickX
            stickY = frame.stickY
        }
        guard let latest else { return }
        for button in Button.allCases {
            let held = latest[held: button]
            let presses = waiting[button, default: 0]
            if down.contains(button) {
                // A tap has had its frame, the button was let go, or let go and pressed again:
                // up for this frame either way (the press after waits for the next).
                if tapped.contains(button) || !held || presses > 0 {
                    down.remove(button)
                    tapped.remove(button)
                }
            } else if presses > 0 {
                down.insert(button)
                waiting[button] = presses - 1
                if !held { tapped.insert(button) }
            } else if held {
                down.insert(button)
            }
        }
    }
}

extension PhoneFrame {
    subscript(held button: PhonePadLatch.Button) -> Bool {
        switch button {
        case .a: a
        case .b: b
        case .pause: pause
        }
    }

    subscript(presses button: PhonePadLatch.Button) -> UInt8 {
        switch button {
        case .a: aPresses
        case .b: bPresses
        case .pause: pausePresses
        }
    }
}
