import KoalioCore
import KoalioFlow
import KoalioInput
import KoalioLocalServer
import KoalioText

/// Phones as pads while they are on (``PhonePads``: the server, the virtual pads), turned on and
/// off with the Phones setting, and why they could not be turned on from the game (shown on the
/// Add-a-phone page).
@MainActor
final class PhonesHandler {
    private(set) var pads: PhonePads?
    /// Why phone pads could not be turned on from the game.
    private(set) var problem: NetworkProblem?
    /// `--phones-listen`, `--verbose`, and every language's words (the phones' page speaks them).
    private let listen: String?
    private let verbose: Bool
    private let words: [Words]

    init(pads: PhonePads?, listen: String?, verbose: Bool, words: [Words]) {
        self.pads = pads
        self.listen = listen
        self.verbose = verbose
        self.words = words
    }

    /// Phone pads on (the server started; a failure is said on the Add-a-phone page and on
    /// stderr) or off (every phone unplugged, the server stopped).
    func set(on: Bool) {
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
    /// how many more may sit.
    func frame(cardShown: Bool, registry: ControllerRegistry, seats: Seating) {
        pads?.cardShown(cardShown, registry: registry, seats: seats)
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
