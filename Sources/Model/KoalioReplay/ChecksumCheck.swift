/// A recording's checksums met in tick order while its run is stepped again: the one place
/// that knows which checksums fall after a tick and whether the state still matches them (the
/// verifier and the rollback sync test both step a recording so).
public struct ChecksumCheck: Sendable {
    private let checksums: [Recording.Checksum]
    private var next = 0

    public init(_ recording: Recording) { checksums = recording.checksums }

    /// After tick `tick` (1 = the first) was stepped: the first checksum kept at that tick that
    /// `actual` (the state's, computed only when one is due) does not match.
    public mutating func check(after tick: Int, _ actual: () -> UInt64) -> (expected: UInt64, actual: UInt64)? {
        while next < checksums.count && checksums[next].tick == tick {
            let value = actual()
            guard value == checksums[next].value else { return (checksums[next].value, value) }
            next += 1
        }
        return nil
    }

    /// A checksum not yet met once the run is over: the run is shorter than recorded.
    public var leftOver: Recording.Checksum? { next < checksums.count ? checksums[next] : nil }
}
