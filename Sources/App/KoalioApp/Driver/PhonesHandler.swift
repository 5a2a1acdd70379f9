import KoalioCore
import KoalioFlow
import KoalioInput
import KoalioLocalServer
import KoalioText

/// Phones as pads while they are on (``PhonePads``: the server, the virtual pads), and why they
/// could not be turned on from the game (shown on the Add-a-phone page). They are on for the
/// whole run with the Phone pads setting or `--phones`; otherwise only when asked: while Add a
/// phone's page is open, and after it while phones play, off again once it is left with none.
@MainActor
final class PhonesHandler {
    private(set) var pads: PhonePads?
    /// The Phone pads setting, or `--phones`: on for the whole run.
    private var always: Bool
    /// Add a phone asked for them (its page opened): on while it shows, and while phones play.
    private var asked = false
    /// Why phone pads could not be turned on from the game.
    private(set) var problem: NetworkProblem?
    /// `--phones-listen`, `--verbose`, and every language's words (the phones' page speaks them).
    private let listen: String?
    private let verbose: Bool
    private let words: [Words]

    init(pads: PhonePads?, always: Bool, listen: String?, verbose: Bool, words: [Words]) {
        self.pads = pads
        self.always = always
        self.listen = listen
        self.verbose = verbose
        self.words = words
    }

    /// The Phone pads setting (or `--phones`) on or off: phones for the whole run, or only when asked.
    func set(always: Bool) {
        self.always = always
        follow()
    }

    /// Add a phone opened its page: phones on until it is left with none playing.
    func ask() {
        asked = true
        follow()
    }

    /// On (the server started; a failure is said on the Add-a-phone page and on stderr) or off
    /// (every phone unplugged, the server stopped), as the setting and the page ask.
    private func follow() {
        let on = always || asked
        guard on != (pads != nil) else { return }
        if on {
            do {
                pads = try PhonePads.start(listen: listen, verbose: verbose, words: words)
            } catch {
                problem = error.problem
                warn("phones: " + error.description)
            }
        } else {
            pads?.stop()
            pads = nil
        }
    }

    /// Add a phone → New code.
    func newCode() { pads?.newCode() }

    /// Once a tick: the phones' frames onto their virtual pads.
    func update() throws(KoalioError) {
        do { _ = try pads?.update() } catch { throw .platform(error) }
    }

    /// Once a frame: whether the pairing card shows (the server lets phones in only then), and
    /// how many more may sit; phones asked for by the page go off once it is left with none playing.
    func frame(cardShown: Bool, registry: ControllerRegistry, seats: Seating) {
        pads?.cardShown(cardShown, registry: registry, seats: seats)
        if asked && !cardShown && !playing {
            asked = false
            follow()
        }
    }

    /// Phones are playing: their frames come from another thread, not as SDL events, so the
    /// loop does not rest.
    var playing: Bool { pads?.hasPhones == true }

    /// What the flow reads of the phones.
    func read(into context: inout FlowContext) {
        context.pairingCard = pads?.card
        context.phonesOn = pads != nil
        context.phonesProblem = problem
    }

    func stop() { pads?.stop() }
}
