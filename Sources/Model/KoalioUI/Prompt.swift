import KoalioCore
import KoalioInput
import KoalioText

/// Whose buttons prompts picture: the controller that last had input. Pads by SDL's controller
/// type (the registry's ``ProductCategory``).
public enum ButtonStyle: Equatable, Sendable {
    case keyboard, xbox, playStation, nintendo, generic, touch

    public init(pad category: ProductCategory) {
        switch category {
        case .xbox360, .xboxOne: self = .xbox
        case .dualShock3, .dualShock4, .dualSense: self = .playStation
        case .switchPro, .joyCon: self = .nintendo
        case .generic: self = .generic
        }
    }
}

/// The on-screen controls a prompt can picture.
public enum TouchControl: Equatable, Sendable {
    case a, b, pause, joystick
}

/// One button picture in a prompt.
public enum ButtonGlyph: Equatable, Sendable {
    /// A pad input (by SDL's positional name) as a pad of the style prints it: the bottom face
    /// button is A on Xbox, ✕ on PlayStation, B on Nintendo.
    case pad(PadBinding, ButtonStyle)
    /// A keyboard key, with its name on the cap.
    case keycap(String)
    case touch(TouchControl)
}

/// A line of text and button glyphs ("Press [Start] to resume"): the view lays it out and draws it.
public struct Prompt: Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        case text(Text)
        case glyph(ButtonGlyph)

        /// What a glyph before it does, a space after the glyph: `[Start] resume`.
        public static func does(_ message: Message) -> Part { .text(.joined([.empty, .message(message)], separator: " ")) }

        /// The gap between one glyph's words and the next glyph.
        public static let gap = Part.text(.verbatim("   "))
    }

    public var parts: [Part]

    public init(_ parts: [Part]) { self.parts = parts }
}
