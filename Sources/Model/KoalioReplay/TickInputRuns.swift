import KoalioInput

/// A run's per-tick inputs, kept as runs of equal inputs: play holds the same input for many
/// ticks, so memory follows the number of changes (bounded by a replay file's size), not the
/// run's length. Reads like an array of one input per tick.
public struct TickInputRuns: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    public struct Run: Equatable, Sendable {
        public var input: TickInput
        public var length: Int
    }

    public private(set) var runs: [Run] = []
    /// Ticks covered up to and including each run (its index + 1 past the run's last tick).
    private var ends: [Int] = []

    public init() {}

    public init(_ inputs: some Sequence<TickInput>) {
        for input in inputs { append(input) }
    }

    public init(arrayLiteral inputs: TickInput...) { self.init(inputs) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.last ?? 0 }

    public subscript(tick: Int) -> TickInput {
        get { runs[run(containing: tick)].input }
        set {
            let index = run(containing: tick)
            guard runs[index].input != newValue else { return }
            // Split the run around the tick; rebuilding keeps neighbours merged (tests edit inputs).
            var rebuilt = TickInputRuns()
            for (i, run) in runs.enumerated() {
                guard i == index else {
                    rebuilt.append(run.input, count: run.length)
                    continue
                }
                let start = ends[i] - run.length
                rebuilt.append(run.input, count: tick - start)
                rebuilt.append(newValue, count: 1)
                rebuilt.append(run.input, count: ends[i] - tick - 1)
            }
            self = rebuilt
        }
    }

    /// Adds `count` ticks of one input, extending the last run when it is the same.
    public mutating func append(_ input: TickInput, count: Int = 1) {
        guard count > 0 else { return }
        if let last = runs.last, last.input == input {
            runs[runs.count - 1].length += count
            ends[ends.count - 1] += count
        } else {
            runs.append(Run(input: input, length: count))
            ends.append(endIndex + count)
        }
    }

    public mutating func removeAll() {
        runs.removeAll()
        ends.removeAll()
    }

    /// The run a tick falls in: binary search over the runs' ends.
    private func run(containing tick: Int) -> Int {
        precondition(tick >= 0 && tick < endIndex, "tick \(tick) is outside the run's \(endIndex) ticks")
        var low = 0, high = ends.count - 1
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] > tick { high = mid } else { low = mid + 1 }
        }
        return low
    }

    public static func == (a: TickInputRuns, b: TickInputRuns) -> Bool { a.runs == b.runs }
}
