/// What a speedrun covers, by the name runners use (`--speedrun NAME`, the progress file, the
/// `.lss` file): a world of the game's levels, all of them in order, one level alone, or a
/// level pack's levels in order.
public enum SpeedrunCategory: Hashable, Sendable, CustomStringConvertible {
    /// World N (from 1): its levels in order.
    case world(Int)
    case allLevels
    /// Level N (from 1) alone.
    case level(Int)
    /// A pack's levels in order, by the pack's folder name.
    case pack(String)

    /// `world1`, `all-levels`, `level3`, else a pack's name; nil for anything that cannot name one.
    public init?(name: String) {
        func number(after prefix: String) -> Int? {
            guard name.hasPrefix(prefix), let value = Int(name.dropFirst(prefix.count)), value >= 1, name.dropFirst(prefix.count).allSatisfy { ("0"..."9").contains($0) },
                  !name.dropFirst(prefix.count).hasPrefix("0") else { return nil }
            return value
        }
        if name == "all-levels" {
            self = .allLevels
        } else if let world = number(after: "world") {
            self = .world(world)
        } else if let level = number(after: "level") {
            self = .level(level)
        } else if PackManifest.isPlainName(name) {
            self = .pack(name)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case let .world(number): "world\(number)"
        case .allLevels: "all-levels"
        case let .level(number): "level\(number)"
        case let .pack(name): name
        }
    }

    /// The catalog's levels it covers, in order (indexes into `catalog`); nil for a pack, or a
    /// world or level the catalog does not have.
    public func catalogLevels(count: Int, perWorld: Int) -> [Int]? {
        switch self {
        case let .world(number):
            let first = (number - 1) * perWorld
            guard first < count else { return nil }
            return Array(first..<min(first + perWorld, count))
        case .allLevels: return count > 0 ? Array(0..<count) : nil
        case let .level(number): return number <= count ? [number - 1] : nil
        case .pack: return nil
        }
    }
}
