import KoalioCore

/// Co-op: who is in play, where a koala comes back, and who leads.
extension World {
    /// The living koala nearest the goal (the lowest player number among equals): the camera
    /// keeps it in view, and koalas left behind are moved beside it. Player 1's when none lives.
    /// - Parameter excluded: a koala not to count (one coming back to life this tick).
    public func leaderIndex(in stage: Stage, excluding excluded: Int? = nil) -> Int {
        let goal = stage.goal.center
        var best = 0, bestDistance = Double.infinity
        // By index, not by element: a koala is copied whole when iterated (the step's hot path).
        for index in koalas.indices where koalas[index].respawnTicksLeft == 0 && index != excluded {
            let center = koalas[index].body.box.center
            let distance = (center.x - goal.x) * (center.x - goal.x) + (center.y - goal.y) * (center.y - goal.y)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// What the co-op camera frames: the leader, and the bounds of the living koalas.
    struct CameraSubject {
        var leader: Int
        var leaderBox: Rect
        var group: Bounds
    }

    /// Edges of a group of boxes (min above max when empty).
    struct Bounds {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    }

    /// The leader (``leaderIndex(in:excluding:)``) and the living group's bounds.
    func cameraSubject(in stage: Stage) -> CameraSubject {
        let leader = leaderIndex(in: stage)
        return CameraSubject(leader: leader, leaderBox: koalas[leader].body.box, group: livingBounds())
    }

    /// The edges of the living koalas' boxes.
    func livingBounds() -> Bounds {
        var bounds = Bounds()
        for index in koalas.indices where koalas[index].respawnTicksLeft == 0 {
            let box = koalas[index].body.box
            bounds.minX = min(bounds.minX, box.minX)
            bounds.minY = min(bounds.minY, box.minY)
            bounds.maxX = max(bounds.maxX, box.maxX)
            bounds.maxY = max(bounds.maxY, box.maxY)
        }
        return bounds
    }

    /// Makes the koalas in play those of player 1 and the partners given: a new partner's
    /// koala appears beside player 1 (or the leader, while player 1 is dead), one no longer
    /// given leaves. Returns whether the koalas after player 1's are the partners', in order.
    mutating func seat(_ partners: [PartnerCommand], in stage: Stage) -> Bool {
        // Nearly every tick: the same players as on the last.
        if isSeated(partners) { return true }
        koalas.removeAll { koala in koala.number != 1 && !partners.contains { $0.player == koala.number } }
        for partner in partners where (2...PartyLimits.players).contains(partner.player) && koala(of: partner.player) == nil {
            let beside = koalas[0].isAlive ? koalas[0].body : koalas[leaderIndex(in: stage)].body
            var koala = Koala(number: partner.player, body: Player(feet: spot(beside: beside, in: stage)), joinedAtTick: tick)
            koala.body.jumpWasHeld = partner.command.jump  // the A that joined is not also a jump
            koalas.insert(koala, at: koalas.firstIndex { $0.number > partner.player } ?? koalas.count)
        }
        return isSeated(partners)
    }

    /// Whether the koalas after player 1's are exactly the partners', in order.
    private func isSeated(_ partners: [PartnerCommand]) -> Bool {
        guard koalas.count == partners.count + 1 else { return false }
        for index in partners.indices where koalas[index + 1].number != partners[index].player { return false }
        return true
    }

    /// A dead koala's wait is over: it comes back at the last checkpoint touched (beside a
    /// teammate standing there), else beside the leader, holding what it holds.
    mutating func respawn(_ index: Int, holding command: Command, in stage: Stage) {
        let feet: Vec2
        if let checkpoint {
            let flag = stage.objects.checkpoints[checkpoint].feet
            let taken = koalas.contains { $0.isAlive && $0.body.box.intersects(Player(feet: flag).box) }
            feet = taken ? spot(beside: Player(feet: flag), in: stage) : flag
        } else {
            feet = spot(beside: koalas[leaderIndex(in: stage, excluding: index)].body, in: stage)
        }
        var body = Player(feet: feet)
        body.jumpWasHeld = command.jump
        koalas[index].body = body
        koalas[index].offscreenTicks = 0
    }

    /// Koalas out of the camera's view count up; one out for ``Tuning/catchUpTicks`` in a row
    /// is moved beside the leader.
    mutating func catchUp(in stage: Stage) {
        if isSurelyInView(in: stage) { return }  // nearly every tick
        let subject = cameraSubject(in: stage), leader = subject.leader
        let origin = Camera.origin(framing: subject, in: stage)
        let view = Rect(x: origin.x, y: origin.y, width: Double(LogicalView.width), height: Double(LogicalView.height))
        for index in koalas.indices where koalas[index].isAlive && index != leader {
            guard !koalas[index].body.box.intersects(view) else {
                if koalas[index].offscreenTicks != 0 { koalas[index].offscreenTicks = 0 }  // no write (and copy check) when in view
                continue
            }
            koalas[index].offscreenTicks += 1
            if koalas[index].offscreenTicks >= Tuning.catchUpTicks {
                var body = Player(feet: spot(beside: koalas[leader].body, in: stage))
                body.jumpWasHeld = koalas[index].body.jumpWasHeld
                koalas[index].body = body
                koalas[index].offscreenTicks = 0
            }
        }
    }

    /// Whether every living koala is in the camera's view with no counter running, found without
    /// the leader or the view. Along each axis: a map no longer than the view is shown whole, so
    /// a group inside it is in view; on a longer map, a group that fits in the view with the
    /// leader's margins on both sides (and a pixel to spare against rounding) has the view
    /// centred on it whoever leads, moved at most to a map edge the group lies inside.
    func isSurelyInView(in stage: Stage) -> Bool {
        guard !koalas.indices.contains(where: { koalas[$0].isAlive && koalas[$0].offscreenTicks != 0 }) else { return false }
        let group = livingBounds()
        func inView(_ low: Double, _ high: Double, length: Double, view: Double) -> Bool {
            low >= 0 && high <= length && (length <= view || high - low <= view - 2 * Camera.leaderMarginPoints - 1)
        }
        return inView(group.minX, group.maxX, length: stage.pixelWidth, view: Double(LogicalView.width))
            && inView(group.minY, group.maxY, length: stage.pixelHeight, view: Double(LogicalView.height))
    }

    /// Where a koala stands beside another: behind it (the side it faces away from), else in
    /// front, one, two or three places out, at the first spot clear of walls, spikes and other
    /// koalas; else the nearest clear of walls and spikes; else on the same spot (koalas do not
    /// collide with each other).
    func spot(beside other: Player, in stage: Stage) -> Vec2 {
        let collision = stage.collision
        let behind = other.facingLeft ? Tuning.besideOffsetPoints : -Tuning.besideOffsetPoints
        var firstClear: Vec2?
        for dx in [behind, -behind, 2 * behind, -2 * behind, 3 * behind, -3 * behind] {
            let feet = Vec2(other.position.x + dx, other.position.y)
            let box = Player(feet: feet).box
            guard collision.isClear(koalaBox: box) else { continue }
            if !koalas.contains(where: { $0.isAlive && $0.body.box.intersects(box) }) { return feet }
            if firstClear == nil { firstClear = feet }
        }
        return firstClear ?? other.position
    }
}
