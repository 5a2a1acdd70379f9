import KoalioCore

extension World {
    /// Advances the run by one 60 Hz tick. The only function that changes a ``World``.
    ///
    /// Reads nothing but its arguments, so the same commands from the same start always give
    /// the same run. Players 2–4 are in play on the ticks their ``PartnerCommand`` is given
    /// (joining and leaving follow); koalas move in player order and never push each other.
    /// A koala that dies comes back beside a teammate after ``Tuning/respawnTicks``; the run is
    /// lost when every koala is dead at once and won when any reaches the goal. Returns what
    /// happened (``WorldEvents``), for sounds.
    @discardableResult
    public mutating func step(_ command: Command, partners: [PartnerCommand] = [], in stage: Stage) -> WorldEvents {
        guard state == .playing else { return [] }
        tick += 1
        // Seated in player order, koala k > 0 is nearly always partners[k − 1]'s.
        let inOrder = koalas.count == 1 && partners.isEmpty || seat(partners, in: stage)
        let hasObjects = !stage.objects.isEmpty
        if !critters.isEmpty {
            let patrols = stage.critterPatrols
            for index in critters.indices { critters[index].step(patrol: patrols[index]) }
        }
        var events: WorldEvents = []
        var winner: Int?
        var deaths = 0
        for index in koalas.indices {
            var command = index == 0 ? command : inOrder ? partners[index - 1].command : Self.command(of: koalas[index].number, in: partners)
            if assist.infiniteDash { command.dash = true }
            guard koalas[index].isAlive else {
                koalas[index].respawnTicksLeft -= 1
                if koalas[index].respawnTicksLeft == 0 { respawn(index, holding: command, in: stage) }
                continue
            }
            let feetBefore = koalas[index].body.position.y
            var (moved, touched) = koalas[index].body.step(command, in: stage, tick: tick)
            if hasObjects, meetObjects(index, feetBefore: feetBefore, in: stage, events: &moved), touched == .nothing {
                touched = .hazard
            }
            events.formUnion(moved)
            switch touched {
            case .nothing: break
            case .hazard, .fell:
                if assist.invincible {
                    if touched == .fell { returnToSafety(index, in: stage) }
                } else {
                    koalas[index].respawnTicksLeft = Tuning.respawnTicks
                    deaths += 1
                }
            case .goal:
                if winner == nil { winner = koalas[index].number }
            }
        }
        if let winner {
            state = .won
            self.winner = winner
        } else if deaths > 0 {
            // With a checkpoint touched, every koala comes back there: the run goes on.
            if checkpoint == nil && koalas.indices.allSatisfy({ !koalas[$0].isAlive }) { state = .died } else { events.insert(.koalaLost) }
        }
        if koalas.count > 1 && state == .playing { catchUp(in: stage) }
        return events
    }

    /// What the koala at `index` meets among the level's objects after its move: leaves it
    /// takes, a checkpoint it marks, critters it lands on (bouncing up) or runs into. Returns
    /// whether a critter killed it.
    private mutating func meetObjects(_ index: Int, feetBefore: Double, in stage: Stage, events: inout WorldEvents) -> Bool {
        let box = koalas[index].body.box
        let objects = stage.objects
        if let strips = objects.strips(from: box.minX, to: box.maxX) {
            for strip in strips {
                for leaf in objects.strips[strip].leaves where !leavesTaken[leaf] && box.intersects(objects.leaves[leaf]) {
                    leavesTaken[leaf] = true
                    events.insert(.leaf)
                }
                for flag in objects.strips[strip].checkpoints where flag != checkpoint && box.intersects(objects.checkpoints[flag].area) {
                    checkpoint = flag
                    events.insert(.checkpoint)
                }
            }
        }
        var killed = false
        let reach = (Tuning.koalaWidthPoints + Tuning.critterWidthPoints) / 2
        for critter in critters.indices where critters[critter].isAlive && abs(critters[critter].position.x - box.center.x) < reach {
            let critterBox = critters[critter].box
            guard box.intersects(critterBox) else { continue }
            if feetBefore <= critterBox.minY + Tuning.stompToleranceRisePoints {
                critters[critter].isAlive = false
                koalas[index].body.bounce()
                events.insert(.stomped)
            } else {
                killed = true
            }
        }
        return killed
    }

    /// Invincible and fallen below the map: back to the last checkpoint (or the start) at once.
    private mutating func returnToSafety(_ index: Int, in stage: Stage) {
        var body = Player(feet: checkpoint.map { stage.objects.checkpoints[$0].feet } ?? stage.spawn)
        body.jumpWasHeld = koalas[index].body.jumpWasHeld
        koalas[index].body = body
    }

    /// A partner's command this tick (the first given for them; idle if none).
    private static func command(of player: Int, in partners: [PartnerCommand]) -> Command {
        for partner in partners where partner.player == player { return partner.command }
        return .idle
    }
}

/// What a koala's box touched after its move.
enum Touched { case nothing, hazard, fell, goal }

extension Player {
    /// One tick of one koala. Order, as in Celeste's `Player`: intent, horizontal, vertical,
    /// move and collide, then what touching things means.
    mutating func step(_ command: Command, in stage: Stage, tick: Int) -> (WorldEvents, Touched) {
        var p = self
        var events: WorldEvents = []
        let wasOnGround = p.onGround
        if command.dash && !p.dashing { events.insert(.dashed) }

        // Intent: the jump press is derived from the previous and current button.
        let jumpPressed = command.jump && !p.jumpWasHeld
        p.jumpWasHeld = command.jump
        p.jumpBufferLeft = jumpPressed ? Tuning.jumpBufferTicks : max(0, p.jumpBufferLeft - 1)
        p.dashing = command.dash
        if command.moveX != 0 { p.facingLeft = command.moveX < 0 }

        // Horizontal: force from the stick, friction, top speed.
        let force = p.dashing ? Tuning.dashForcePerTick2 : Tuning.walkForcePerTick2
        let topSpeed = p.dashing ? Tuning.dashMaxSpeedPerTick : Tuning.walkMaxSpeedPerTick
        p.velocity.x = ((p.velocity.x + command.moveX * force) * Tuning.frictionPerTick).clamped(to: -topSpeed...topSpeed)

        // Vertical: gravity, a buffered jump within coyote time, the variable-height cut.
        p.velocity.y += Tuning.gravityPerTick2
        if p.jumpBufferLeft > 0 && p.ticksSinceGround <= Tuning.coyoteTicks {
            p.velocity.y = -Tuning.jumpSpeedPerTick
            events.insert(.jumped)
            p.jumpBufferLeft = 0
            p.ticksSinceGround = Tuning.coyoteTicks + 1
            p.onGround = false
        }
        if !command.jump && p.velocity.y < -Tuning.jumpCutSpeedPerTick {
            p.velocity.y = -Tuning.jumpCutSpeedPerTick
        }
        p.velocity.y = p.velocity.y.clamped(to: -Tuning.jumpSpeedPerTick...Tuning.maxFallSpeedPerTick)

        // Move and collide, one axis at a time (in open air, nothing to collide with).
        var box = p.box
        let hitX: Bool, hitY: Collision.VerticalHit
        let collision = stage.collision  // a reference
        let open = collision.isOpen(around: box, dx: p.velocity.x, dy: p.velocity.y)
        if open {
            if p.velocity.x != 0 { box.x += p.velocity.x }
            if p.velocity.y != 0 { box.y += p.velocity.y }
            hitX = false
            hitY = .none
        } else {
            hitX = collision.moveX(&box, by: p.velocity.x)
            if hitX { p.velocity.x = 0 }
            hitY = collision.moveY(&box, by: p.velocity.y)
        }
        p.onGround = hitY == .floor
        if p.onGround && !wasOnGround && tick > 1 { events.insert(.landed) }  // not the spawn's settling
        if hitY != .none { p.velocity.y = 0 }
        p.position = Vec2(box.center.x, box.maxY)
        p.ticksSinceGround = p.onGround ? 0 : p.ticksSinceGround + 1
        self = p

        // What the koala touches.
        if !open && collision.touchesSpikes(koalaBox: box) { return (events, .hazard) }
        if box.minY > stage.pixelHeight + Tuning.fallDeathMarginPoints { return (events, .fell) }
        return (events, box.intersects(stage.goal) ? .goal : .nothing)
    }
}

extension Player {
    /// Landed on a critter: thrown up at take-off speed, in the air (no coyote jump from it).
    mutating func bounce() {
        velocity.y = -Tuning.stompBounceSpeedPerTick
        onGround = false
        ticksSinceGround = Tuning.coyoteTicks + 1
        jumpBufferLeft = 0
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
