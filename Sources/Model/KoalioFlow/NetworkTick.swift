import KoalioInput
import KoalioText
import KoalioSim

/// What the networked game (``OnlineGame``) did in one frame, as the flow takes it: the game to
/// show, the steps shown for the first time (their sounds), the ticks confirmed (recorded, a win
/// kept) and who is away.
package struct NetworkTick: Equatable {
    /// The game to show (nil before it starts).
    package var shown: Session?
    package var firstShown: [Shown] = []
    package var confirmed: [Confirmed] = []
    package var status = Status.waiting(nil)
    /// Seats this machine has (`--local-players`): its couch players join up to them.
    package var localPlayers = 1

    package init(shown: Session? = nil, firstShown: [Shown] = [], confirmed: [Confirmed] = [], status: Status = .waiting(nil)) {
        self.shown = shown
        self.firstShown = firstShown
        self.confirmed = confirmed
        self.status = status
    }

    /// A tick stepped for the first time: its sounds play now, never again when it is stepped
    /// again after a correction.
    package struct Shown: Equatable {
        package var events: WorldEvents
        package var result: Session.StepResult
        /// Whether this machine's first player's koala was lost on this tick (its pad jolts).
        package var ownKoalaLost: Bool

        package init(events: WorldEvents, result: Session.StepResult, ownKoalaLost: Bool) {
            self.events = events
            self.result = result
            self.ownKoalaLost = ownKoalaLost
        }
    }

    /// A tick every machine agrees on: the input every seat gave it and the game after it.
    package struct Confirmed: Equatable {
        package var input: TickInput
        package var result: Session.StepResult
        package var session: Session

        package init(input: TickInput, result: Session.StepResult, session: Session) {
            self.input = input
            self.result = result
            self.session = session
        }
    }

    package enum Status: Equatable {
        /// Before the game starts: the host waits for its joiners (and says how to join), a
        /// joiner for the host.
        case waiting(Invitation?)
        /// Playing; these players' machines are not heard from (1-based).
        case playing(reconnecting: [Int])
        /// The game is over before its end: why.
        case ended(End)
    }

    /// The host's waiting screen: where to join, the code, and who is here.
    package struct Invitation: Equatable {
        package var address: String
        package var code: String
        /// Machines here (the host's own counts), of all it waits for.
        package var here: Int
        package var expected: Int
        /// Too many wrong codes were tried: nobody joins until the host makes a new code.
        package var codeOff: Bool
        /// A room code's game (`address` its rendezvous): how far its room has come.
        package var room: RoomState?

        package init(address: String, code: String, here: Int, expected: Int, codeOff: Bool = false, room: RoomState? = nil) {
            self.address = address
            self.code = code
            self.here = here
            self.expected = expected
            self.codeOff = codeOff
            self.room = room
        }

        /// Someone has joined (and the code is on: A makes a new one first): the host may start
        /// the game with the machines here.
        package var canStart: Bool { here > 1 && !codeOff }

        /// What the waiting screen says under who is here: where to join and the code; a room's
        /// code, its rendezvous, and the path once a player is connected.
        var lines: [Text] {
            let code = Text.leftToRight(self.code)
            let rendezvous = Text.leftToRight(address)
            switch room {
            case nil: return [codeOff ? .message(.onlineHostCodeOff) : .message(.onlineInvitation, [.leftToRight(address), .verbatim(self.code)])]
            case .opening?: return [.message(.onlineRoomOpening, [code, rendezvous])]
            case .open?: return [.message(.onlineRoomInvitation, [code, rendezvous])]
            case let .connected(relayed)?:
                return [.message(.onlineRoomInvitation, [code, rendezvous]), .message(relayed ? .onlinePathRelayed : .onlinePathDirect)]
            }
        }
    }

    package enum End: Equatable {
        case desync(tick: Int), otherDesync, hostGone, removed
    }
}

extension NetworkTick.Status {
    /// The lines over the level, and whether they stand over a dimmed, still game (waiting, over).
    package var lines: (lines: [Text], dims: Bool) {
        switch self {
        case let .waiting(invitation?):
            ([.message(.onlineWaitingForPlayers, [.number(invitation.here), .number(invitation.expected)])] + invitation.lines, true)
        case .waiting(nil): ([.message(.onlineWaitingForHost)], true)
        case let .playing(reconnecting): (reconnecting.map { .message(.onlineReconnecting, [.number($0)]) }, false)
        case let .ended(end):
            switch end {
            case let .desync(tick): ([.message(.onlineDesync, [.number(tick)])], true)
            case .otherDesync: ([.message(.onlineOtherDesync)], true)
            case .hostGone: ([.message(.onlineHostGone)], true)
            case .removed: ([.message(.onlineRemoved)], true)
            }
        }
    }
}
