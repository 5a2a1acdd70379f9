import KoalioSim

/// A checksum of the game state that is the same on every run and machine (Swift's `Hasher`
/// is seeded per process, so it cannot serve): FNV-1a over everything a replay must
/// reproduce, the world and the pause.
///
/// Format 4 covers the world's stored properties as reflection walks them, so a field added
/// to the world (every player's koala, the checkpoint, leaves, critters, the assist) cannot be
/// left out: the checksum is computed by a hand-written walk that feeds the same bytes as
/// ``FNV/add(reflecting:)`` (Mirror takes microseconds a koala), and a test compares the two on
/// every kind of world. Older formats are kept so their files keep verifying: format 3 walked
/// the world as it was before level objects (the koalas, the run state, the tick, the winner);
/// format 2 reflected it as it was with one koala (the koala, the run state, the tick); format 1
/// listed the fields by hand.
public enum StateChecksum {
    /// The checksum of the current format.
    public static func of(_ session: Session) -> UInt64 { of(session, format: Recording.formatVersion) }

    public static func of(_ session: Session, format: UInt16) -> UInt64 {
        var hash = FNV()
        switch format {
        case 1:
            hash.addFormat1(session)
        case 2:
            // The world's stored properties as they were then: the koala, the state, the tick.
            hash.add(session.world.player)
            hash.add(reflecting: session.world.state)
            hash.add(reflecting: session.world.tick)
            hash.add(reflecting: session.isPaused)
        case 3:
            hash.addFormat3(session.world)
            hash.add(reflecting: session.isPaused)
        default:
            hash.add(session.world)
            hash.add(reflecting: session.isPaused)
        }
        return hash.value
    }

    /// The current format by reflection, as the definition the fast walk is tested against.
    static func reflecting(_ session: Session) -> UInt64 {
        var hash = FNV()
        hash.add(reflecting: session.world)
        hash.add(reflecting: session.isPaused)
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

        /// Every stored value inside `value`, depth first in declaration order: numbers by
        /// their bits, text by its bytes, enum cases without payload by name.
        mutating func add(reflecting value: Any) {
            switch value {
            case let double as Double: add(double.bitPattern)
            case let float as Float: add(UInt64(float.bitPattern))
            case let int as Int: add(UInt64(bitPattern: Int64(int)))
            case let bool as Bool: add(bool ? 1 : 0)
            case let text as String: addText(text)
            default:
                let mirror = Mirror(reflecting: value)
                if mirror.children.isEmpty {
                    addText(String(describing: value))  // an enum case, or an empty value
                } else {
                    for child in mirror.children { add(reflecting: child.value) }
                }
            }
        }

        /// The world, fed exactly as ``add(reflecting:)`` feeds it: stored properties depth first
        /// in declaration order, enum cases by name, an Optional's value (or `nil`), an empty
        /// array as `[]`.
        mutating func add(_ world: World) {
            addFormat3(world)
            if let checkpoint = world.checkpoint { add(int: checkpoint) } else { addText("nil") }
            if world.leavesTaken.isEmpty { addText("[]") }
            for taken in world.leavesTaken { add(taken ? 1 : 0) }
            if world.critters.isEmpty { addText("[]") }
            for critter in world.critters {
                add(critter.position.x.bitPattern)
                add(critter.position.y.bitPattern)
                add(critter.facingLeft ? 1 : 0)
                add(critter.isAlive ? 1 : 0)
            }
            add(int: world.assist.speedPercent)
            add(world.assist.invincible ? 1 : 0)
            add(world.assist.infiniteDash ? 1 : 0)
        }

        /// Format 3: the world's stored properties before level objects, as reflection fed them.
        mutating func addFormat3(_ world: World) {
            for koala in world.koalas {
                add(int: koala.number)
                add(koala.body)
                add(int: koala.respawnTicksLeft)
                add(int: koala.offscreenTicks)
                add(int: koala.joinedAtTick)
            }
            addText(world.state.rawValue)
            add(int: world.tick)
            if let winner = world.winner { add(int: winner) } else { addText("nil") }
        }

        mutating func add(_ player: Player) {
            add(player.position.x.bitPattern)
            add(player.position.y.bitPattern)
            add(player.velocity.x.bitPattern)
            add(player.velocity.y.bitPattern)
            add(player.onGround ? 1 : 0)
            add(player.dashing ? 1 : 0)
            add(player.facingLeft ? 1 : 0)
            add(int: player.ticksSinceGround)
            add(int: player.jumpBufferLeft)
            add(player.jumpWasHeld ? 1 : 0)
        }

        private mutating func add(int: Int) { add(UInt64(bitPattern: Int64(int))) }

        private mutating func addText(_ text: String) {
            add(UInt64(text.utf8.count))
            for byte in text.utf8 { add(UInt64(byte)) }
        }

        /// Format 1: the koala's position, velocity, flags and counters, the tick, the run state.
        mutating func addFormat1(_ session: Session) {
            let world = session.world, player = world.player
            for value in [player.position.x, player.position.y, player.velocity.x, player.velocity.y] { add(value.bitPattern) }
            for flag in [player.onGround, player.dashing, player.facingLeft, player.jumpWasHeld, session.isPaused] { add(flag ? 1 : 0) }
            for count in [player.ticksSinceGround, player.jumpBufferLeft, world.tick] { add(UInt64(bitPattern: Int64(count))) }
            add(UInt64(world.state == .playing ? 0 : world.state == .won ? 1 : 2))
        }
    }
}
