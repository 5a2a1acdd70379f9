import Dispatch
import Glibc
import KoalioInternet
import KoalioNet
import KoalioSystem
import Synchronization

/// A room code's meeting begun off the game's thread, for Play online: the rendezvous's name
/// looked up and its TLS handshake done (libstrophe finishes it in one go), each of which may
/// take a network's while, so no frame waits for them. The game's thread looks once a frame
/// (``take()``) until the meeting is handed over, past its handshake (the host's room made, a
/// joiner logged in), or the line saying why not.
final class RoomOpening: Sendable {
    /// The meeting, made on the opening's thread and handed to the game's, which alone uses it
    /// from then on: never shared, so its lack of `Sendable` is safe to cross once.
    private final class Handed: @unchecked Sendable {
        let meeting: RoomMeeting
        init(_ meeting: RoomMeeting) { self.meeting = meeting }
    }

    private enum State: Sendable {
        case opening
        case opened(Handed)
        case failed(RoomFailure)
        /// Taken, or given up (its meeting closed by whichever thread had it).
        case done
    }

    /// What the opening has come to.
    enum Outcome {
        case opened(RoomMeeting)
        case failed(RoomFailure)
    }

    let code: RoomCode
    let place: NetSetup.RoomPlace
    private let state = Mutex<State>(.opening)

    /// How often the opening's thread polls the meeting while it waits (seconds).
    static let pollSeconds = 0.01

    init(_ role: RoomMeeting.Role, code: RoomCode, _ place: NetSetup.RoomPlace) {
        self.code = code
        self.place = place
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let outcome: State
            do throws(RoomFailure) {
                let meeting = try NetSetup.meet(role, code: code, place)
                // Given up meanwhile: the wait stops at the next look (the meeting ends below).
                let failure = meeting.open(clock: MonotonicClock.seconds) {
                    usleep(useconds_t(Self.pollSeconds * 1_000_000))
                    return state.withLock { if case .done = $0 { false } else { true } }
                }
                outcome = failure.map(State.failed) ?? .opened(Handed(meeting))
            } catch {
                outcome = .failed(error)
            }
            // Given up meanwhile: nobody will take the meeting, so it ends here (apart from any frame).
            let unwanted: Handed? = state.withLock { state in
                guard case .opening = state else { return if case let .opened(handed) = outcome { handed } else { nil } }
                state = outcome
                return nil
            }
            unwanted?.meeting.close()
        }
    }

    /// The meeting once opened, or why it failed, handed over once; nil while it opens.
    func take() -> Outcome? {
        switch swap(keepingOpening: true) {
        case .opening, .done: nil
        case let .opened(handed): .opened(handed.meeting)
        case let .failed(reason): .failed(reason)
        }
    }

    /// Given up (the player left): a meeting opened and not taken ends now (its links apart from
    /// the frame: ``RoomMeeting/close()``), one still opening stops waiting and ends on its thread.
    func cancel() {
        if case let .opened(handed) = swap(keepingOpening: false) { handed.meeting.close() }
    }

    /// The state as it was, `.done` in its place in the same look (an opening one kept as it is
    /// when `keepingOpening`): nothing the opening's thread writes between can be lost.
    private func swap(keepingOpening: Bool) -> State {
        state.withLock { state in
            let was = state
            if case .opening = was, keepingOpening { return was }
            state = .done
            return was
        }
    }
}
