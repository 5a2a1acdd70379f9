/// A category's records, kept in the progress file: the personal best's splits (the in-game
/// time at each level's flag, in ticks, so the last is the run's time) and its real times at
/// them, and the best time ever for each level of the category (its gold segments).
public struct SpeedrunRecord: Equatable, Sendable {
    public var personalBest: [Int]
    /// The personal best's real time at each flag, milliseconds from its first level's start.
    public var personalBestReal: [Int]
    public var bestSegments: [Int]

    public init(personalBest: [Int] = [], personalBestReal: [Int] = [], bestSegments: [Int] = []) {
        self.personalBest = personalBest
        self.personalBestReal = personalBestReal
        self.bestSegments = bestSegments
    }

    /// How a split compares: its difference to the personal best's at the same flag (nil
    /// without one), and whether its segment is the best ever (gold).
    public struct Comparison: Equatable, Sendable {
        public var delta: Int?
        public var gold: Bool

        public init(delta: Int?, gold: Bool) {
            self.delta = delta
            self.gold = gold
        }
    }

    /// The split at flag `index`, `splits` the run's so far (cumulative ticks, this one last).
    public func compare(_ splits: [Int], at index: Int) -> Comparison {
        guard splits.indices.contains(index) else { return Comparison(delta: nil, gold: false) }
        let segment = splits[index] - (index > 0 ? splits[index - 1] : 0)
        let delta = personalBest.indices.contains(index) ? splits[index] - personalBest[index] : nil
        let gold = bestSegments.indices.contains(index) ? segment < bestSegments[index] : true
        return Comparison(delta: delta, gold: gold)
    }

    /// A finished run noted: its segments kept where they beat the best, and the personal best
    /// replaced when it is faster (or the first). Returns whether it is the new personal best.
    @discardableResult
    public mutating func finish(_ splits: [Int], real: [Int]) -> Bool {
        guard let time = splits.last else { return false }
        for index in splits.indices {
            let segment = splits[index] - (index > 0 ? splits[index - 1] : 0)
            if bestSegments.indices.contains(index) {
                bestSegments[index] = min(bestSegments[index], segment)
            } else if index == bestSegments.count {
                bestSegments.append(segment)
            }
        }
        // A category whose levels changed count starts its personal best again.
        guard personalBest.count != splits.count || personalBest.last.map({ time < $0 }) ?? true else { return false }
        personalBest = splits
        personalBestReal = real
        return true
    }
}
