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
        case failed(String)
        /// Taken, or given up (its meeting closed by whichever thread had it).
        case done
    }

    /// What the opening has come to.
    enum Outcome {
        case opened(RoomMeeting)
        case failed(String)
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
            do throws(NetSetup.MeetingFailure) {
                let meeting = try NetSetup.meet(role, code: code, place)
                if let failure = meeting.open(clock: MonotonicClock.seconds, pause: { usleep(useconds_t(Self.pollSeconds * 1_000_000)) }) {
                    meeting.close()
                    outcome = .failed(failure)
                } else {
                    outcome = .opened(Handed(meeting))
                }
            } catch {
                outcome = .failed(error.reason)
            }
            // Given up meanwhile: nobody will take the meeting, so it ends here.
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
        let taken: State = state.withLock { state in
            guard case .opening = state else {
                defer { state = .done }
                return state
            }
            return .opening
        }
        switch taken {
        case .opening, .done: return nil
        case let .opened(handed): return .opened(handed.meeting)
        case let .failed(reason): return .failed(reason)
        }
    }

    /// Given up (the player left): a meeting opened and not taken ends now, one still opening
    /// ends on its thread when it is done.
    func cancel() {
        if case let .opened(meeting)? = take() { meeting.close() }
        state.withLock { $0 = .done }
    }
}
