import KoalioInput

/// A file of timed key presses (`--input-script`), for tests and demos: one event per line,
/// `TICK KEY down|up`, `#` starts a comment. An event at tick T is delivered before the loop's
/// step T+1, through SDL's real event queue.
public struct InputScript: Sendable, Equatable {
    public struct Event: Sendable, Equatable {
        public var tick: Int
        public var key: Key
        public var down: Bool

        public init(tick: Int, key: Key, down: Bool) {
            self.tick = tick
            self.key = key
            self.down = down
        }
    }

    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String
        public var description: String { "\(file):\(line): \(reason)" }
    }

    /// Sorted by tick; events of one tick keep their file order.
    public private(set) var events: [Event]

    public init(events: [Event]) {
        self.events = events.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
    }

    public static func parse(_ text: String, file: String) throws(ParseError) -> InputScript {
        var events: [Event] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty { continue }
            func fail(_ reason: String) -> ParseError { ParseError(file: file, line: number + 1, reason: reason) }
            guard fields.count == 3 else { throw fail("expected 'TICK KEY down|up', found '\(line)'") }
            guard let tick = Int(fields[0]), tick >= 0 else { throw fail("'\(fields[0])' is not a tick number") }
            guard let key = Key(rawValue: String(fields[1])) else {
                throw fail("unknown key '\(fields[1])' (known: \(Key.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard fields[2] == "down" || fields[2] == "up" else { throw fail("'\(fields[2])' is neither down nor up") }
            events.append(Event(tick: tick, key: key, down: fields[2] == "down"))
        }
        return InputScript(events: events)
    }

    /// The script's text, which ``parse(_:file:)`` reads back unchanged.
    public var text: String {
        events.map { "\($0.tick) \($0.key.rawValue) \($0.down ? "down" : "up")\n" }.joined()
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
