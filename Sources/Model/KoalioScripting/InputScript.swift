import KoalioCore
import KoalioInput

/// A file of timed input (`--input-script`) for tests and demos: keys pressed through SDL's
/// event queue and game pads driven through SDL's virtual joysticks, so both take the real
/// path into the game. One event per line, `#` starts a comment:
///
///     TICK KEY down|up             e.g. `0 right down`
///     TICK pad attach KIND         KIND: xbox360 xboxone ps4 ps5 switchpro generic
///     TICK padN BUTTON down|up     SDL's button names: a b x y back guide start leftstick
///                                  rightstick leftshoulder rightshoulder dpup dpdown dpleft dpright
///     TICK padN AXIS VALUE         leftx lefty rightx righty (−1…1, y down) lefttrigger righttrigger (0…1)
///     TICK padN detach
///     TICK mouse down|move|up X Y  the left mouse button, in the 568×320 view's coordinates
///     TICK fingerN down|move|up X Y  a finger on a touch screen, likewise
///     TICK window focuslost        the window loses keyboard focus (as SDL reports it)
///     TICK window resize W H       the window is resized to W×H pixels (1…8192)
///
/// Pads are numbered from 1 in the order the script attaches them. An event at tick T is
/// delivered before the loop's step T+1.
public struct InputScript: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case key(Key, down: Bool)
        case padAttach(kind: String)
        case padDetach(pad: Int)
        case padButton(pad: Int, button: String, down: Bool)
        case padAxis(pad: Int, axis: String, value: Double)
        case pointer(PointerEvent)
        case windowFocusLost
        case windowResize(width: Int, height: Int)
    }

    public struct Event: Sendable, Equatable {
        public var tick: Int
        public var action: Action

        public init(tick: Int, action: Action) {
            self.tick = tick
            self.action = action
        }

        public init(tick: Int, key: Key, down: Bool) {
            self.init(tick: tick, action: .key(key, down: down))
        }
    }

    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String
        public var description: String { "\(file):\(line): \(reason)" }
    }

    public static let padKinds = ["xbox360", "xboxone", "ps4", "ps5", "switchpro", "generic"]
    public static let padButtons = ["a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick",
                                    "leftshoulder", "rightshoulder", "dpup", "dpdown", "dpleft", "dpright"]
    public static let padAxes = ["leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger"]

    /// Sorted by tick; events of one tick keep their file order.
    public private(set) var events: [Event]

    public init(events: [Event]) {
        self.events = events.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
    }

    /// Virtual pads a script may have plugged in at the same time (SDL keeps each one open).
    public static let maxPadsAttached = 16

    /// The largest script koalio reads (a minute of dense input is a few KB).
    public static let fileBytesLimit = 16 << 20

    public static func parse(_ text: String, file: String) throws(ParseError) -> InputScript {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Reads a script file's bytes: LF, CRLF or CR line ends, an optional UTF-8 byte-order mark.
    /// Pad lines are checked in the order they will play (by tick), so a pad is attached before
    /// any line uses it and never used after it is detached, wherever the lines stand in the file.
    public static func parse(bytes: [UInt8], file: String) throws(ParseError) -> InputScript {
        var events: [Event] = []
        var lineNumbers: [Int] = []
        for (number, rawLine) in TextFile.lines(bytes).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if fields.isEmpty { continue }
            func fail(_ reason: String) -> ParseError { ParseError(file: file, line: number + 1, reason: reason) }
            guard fields.count >= 3 else { throw fail("expected 'TICK KEY down|up' or a pad event, found '\(TerminalText.excerpt(line))'") }
            guard let tick = Int(fields[0]), tick >= 0 else { throw fail("'\(TerminalText.excerpt(fields[0]))' is not a tick number") }
            let action: Action
            if fields[1] == "pad" {
                guard fields.count == 4, fields[2] == "attach" else { throw fail("expected 'TICK pad attach KIND'") }
                guard padKinds.contains(fields[3]) else {
                    throw fail("unknown pad kind '\(TerminalText.excerpt(fields[3]))' (known: \(padKinds.joined(separator: ", ")))")
                }
                action = .padAttach(kind: fields[3])
            } else if fields[1].hasPrefix("pad"), let pad = Int(fields[1].dropFirst(3)) {
                guard pad >= 1 else { throw fail("pads are numbered from 1") }
                action = try padAction(pad: pad, fields: Array(fields[2...]), fail: fail)
            } else if fields[1] == "window" {
                action = try windowAction(Array(fields[2...]), fail: fail)
            } else if fields[1] == "mouse" || (fields[1].hasPrefix("finger") && Int(fields[1].dropFirst(6)) != nil) {
                let id: PointerID = fields[1] == "mouse" ? .mouse : .finger(device: 1, finger: Int64(fields[1].dropFirst(6)) ?? 0)
                guard fields.count == 5, let x = Double(fields[3]), let y = Double(fields[4]) else {
                    throw fail("expected 'TICK \(fields[1]) down|move|up X Y'")
                }
                let view = (width: Double(LogicalView.width), height: Double(LogicalView.height))
                guard (0...view.width).contains(x), (0...view.height).contains(y) else {
                    throw fail("\(fields[3]) \(fields[4]) is not a point in the \(LogicalView.width)×\(LogicalView.height) view")
                }
                let phases: [String: PointerEvent.Phase] = ["down": .down, "move": .move, "up": .up]
                guard let phase = phases[fields[2]] else { throw fail("'\(TerminalText.excerpt(fields[2]))' is not down, move or up") }
                action = .pointer(PointerEvent(id: id, phase: phase, position: Vec2(x, y)))
            } else {
                guard fields.count == 3 else { throw fail("expected 'TICK KEY down|up', found '\(TerminalText.excerpt(line))'") }
                guard let key = Key(scriptName: fields[1]) else {
                    throw fail("unknown key '\(TerminalText.excerpt(fields[1]))' (known: \(Key.scriptKeys.map(\.name).joined(separator: ", ")))")
                }
                action = .key(key, down: try upOrDown(fields[2], fail: fail))
            }
            events.append(Event(tick: tick, action: action))
            lineNumbers.append(number + 1)
        }
        let script = InputScript(events: events)
        try checkPadOrder(events: events, lineNumbers: lineNumbers, file: file)
        return script
    }

    /// Walks the events in playing order (tick, then file order) and checks each pad line
    /// against the pads attached and detached so far.
    private static func checkPadOrder(events: [Event], lineNumbers: [Int], file: String) throws(ParseError) {
        let order = events.indices.sorted { (events[$0].tick, $0) < (events[$1].tick, $1) }
        var attached = 0
        var detached: Set<Int> = []
        for index in order {
            let pad: Int
            switch events[index].action {
            case .padAttach:
                attached += 1
                guard attached - detached.count <= maxPadsAttached else {
                    throw ParseError(file: file, line: lineNumbers[index], reason: "more than \(maxPadsAttached) pads attached at once")
                }
                continue
            case let .padDetach(number), let .padButton(number, _, _), let .padAxis(number, _, _): pad = number
            case .key, .pointer, .windowFocusLost, .windowResize: continue
            }
            func fail(_ reason: String) -> ParseError { ParseError(file: file, line: lineNumbers[index], reason: reason) }
            guard pad <= attached else { throw fail("pad\(pad) is used at tick \(events[index].tick), before it is attached") }
            guard !detached.contains(pad) else { throw fail("pad\(pad) is used at tick \(events[index].tick), after it is detached") }
            if case .padDetach = events[index].action { detached.insert(pad) }
        }
    }

    private static func padAction(pad: Int, fields: [String], fail: (String) -> ParseError) throws(ParseError) -> Action {
        if fields == ["detach"] { return .padDetach(pad: pad) }
        guard fields.count == 2 else { throw fail("expected 'padN BUTTON down|up', 'padN AXIS VALUE' or 'padN detach'") }
        if padButtons.contains(fields[0]) {
            return .padButton(pad: pad, button: fields[0], down: try upOrDown(fields[1], fail: fail))
        }
        guard padAxes.contains(fields[0]) else {
            throw fail("unknown pad button or axis '\(TerminalText.excerpt(fields[0]))' (buttons: \(padButtons.joined(separator: " ")); axes: \(padAxes.joined(separator: " ")))")
        }
        let range: ClosedRange<Double> = fields[0].hasSuffix("trigger") ? 0...1 : -1...1
        guard let value = Double(fields[1]), range.contains(value) else {
            throw fail("'\(TerminalText.excerpt(fields[1]))' is not a value in \(range.lowerBound)…\(range.upperBound) for \(fields[0])")
        }
        return .padAxis(pad: pad, axis: fields[0], value: value)
    }

    /// Largest window side a script may ask for, in pixels.
    public static let windowSideLimit = 8192

    private static func windowAction(_ fields: [String], fail: (String) -> ParseError) throws(ParseError) -> Action {
        if fields == ["focuslost"] { return .windowFocusLost }
        guard fields.count == 3, fields[0] == "resize", let width = Int(fields[1]), let height = Int(fields[2]),
              (1...windowSideLimit).contains(width), (1...windowSideLimit).contains(height) else {
            throw fail("expected 'TICK window focuslost' or 'TICK window resize W H' (1…\(windowSideLimit) pixels)")
        }
        return .windowResize(width: width, height: height)
    }

    private static func upOrDown(_ word: String, fail: (String) -> ParseError) throws(ParseError) -> Bool {
        guard word == "down" || word == "up" else { throw fail("'\(TerminalText.excerpt(word))' is neither down nor up") }
        return word == "down"
    }

    /// The script's text, which ``parse(_:file:)`` reads back unchanged.
    public var text: String {
        var pads = 0
        return events.map { event in
            let body: String
            switch event.action {
            case let .key(key, down): body = "\(key) \(down ? "down" : "up")"
            case let .padAttach(kind):
                pads += 1
                body = "pad attach \(kind)"
            case let .padDetach(pad): body = "pad\(pad) detach"
            case let .padButton(pad, button, down): body = "pad\(pad) \(button) \(down ? "down" : "up")"
            case let .padAxis(pad, axis, value): body = "pad\(pad) \(axis) \(value)"
            case let .pointer(event):
                let who: String
                if case let .finger(_, finger) = event.id { who = "finger\(finger)" } else { who = "mouse" }
                let phase = event.phase == .down ? "down" : event.phase == .up ? "up" : "move"
                body = "\(who) \(phase) \(event.position.x) \(event.position.y)"
            case .windowFocusLost: body = "window focuslost"
            case let .windowResize(width, height): body = "window resize \(width) \(height)"
            }
            return "\(event.tick) \(body)\n"
        }.joined()
    }

    /// The first tick after `tick` with an event (nil: none): a resting loop wakes for it.
    public func nextEventTick(after tick: Int) -> Int? {
        var low = 0, high = events.count
        while low < high {
            let mid = (low + high) / 2
            if events[mid].tick <= tick { low = mid + 1 } else { high = mid }
        }
        return low < events.count ? events[low].tick : nil
    }

    /// Events due before the step after `tick`.
    public func events(at tick: Int) -> ArraySlice<Event> {
        var low = 0, high = events.count
        while low < high {
            let mid = (low + high) / 2
            if events[mid].tick < tick { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < events.count && events[end].tick == tick { end += 1 }
        return events[low..<end]
    }
}
