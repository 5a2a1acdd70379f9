import KoalioSim

/// A checksum of the game state that is the same on every run and machine (Swift's `Hasher`
/// is seeded per process, so it cannot serve). FNV-1a over the world's fields, bit-exact,
/// and the pause: everything a replay must reproduce.
public enum StateChecksum {
    public static func of(_ session: Session) -> UInt64 {
        var hash = FNV()
        let world = session.world, player = world.player
        for value in [player.position.x, player.position.y, player.velocity.x, player.velocity.y] {
            hash.add(value.bitPattern)
        }
        for flag in [player.onGround, player.dashing, player.facingLeft, player.jumpWasHeld, session.isPaused] {
            hash.add(UInt64(flag ? 1 : 0))
        }
        for count in [player.ticksSinceGround, player.jumpBufferLeft, world.tick] { hash.add(UInt64(bitPattern: Int64(count))) }
        hash.add(UInt64(world.state == .playing ? 0 : world.state == .won ? 1 : 2))
        return hash.value
    }

    struct FNV {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ word: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                value ^= (word >> UInt64(shift)) & 0xFF
                value = value &* 0x0000_0100_0000_01b3
            }
        }
    }
}
