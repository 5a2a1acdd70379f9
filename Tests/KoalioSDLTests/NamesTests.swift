import CSDL2
import KoalioInput
@testable import KoalioSDL
import XCTest

/// The settings file spells keys and pad buttons as SDL does; these are SDL's own functions
/// checking our spellings both ways.
final class NamesTests: XCTestCase {
    func testEveryBindablePadInputHasSDLsName() {
        for binding in PadBinding.all {
            switch binding {
            case let .button(button):
                let sdl = SDL_GameControllerGetButtonFromString(binding.name)
                XCTAssertNotEqual(sdl, SDL_CONTROLLER_BUTTON_INVALID, binding.name)
                XCTAssertEqual(String(cString: SDL_GameControllerGetStringForButton(sdl)), button.rawValue)
            case .trigger:
                let sdl = SDL_GameControllerGetAxisFromString(binding.name)
                XCTAssertTrue(sdl == SDL_CONTROLLER_AXIS_TRIGGERLEFT || sdl == SDL_CONTROLLER_AXIS_TRIGGERRIGHT, binding.name)
            }
        }
    }

    func testKeysGoByTheNamesSDLGivesThem() {
        XCTAssertEqual(KeyNames.name(of: .space), "Space")
        XCTAssertEqual(KeyNames.name(of: .leftShift), "Left Shift")
        XCTAssertEqual(KeyNames.name(of: .enter), "Return")
        XCTAssertEqual(KeyNames.name(of: .up), "Up")
        XCTAssertEqual(KeyNames.key(named: "left shift"), .leftShift, "any case")
        XCTAssertEqual(KeyNames.key(named: "F11"), .f11)
        XCTAssertNil(KeyNames.key(named: "Spacebar"))
        XCTAssertEqual(KeyNames.name(of: Key(usage: 0x73)), "F24")
        let unnamed = Key(usage: 0xA5)  // in SDL's range, no name
        XCTAssertEqual(KeyNames.key(named: KeyNames.name(of: unnamed)), unnamed, "a key SDL cannot name still reads back")
        for key in Key.scriptKeys.map(\.key) {
            XCTAssertEqual(KeyNames.key(named: KeyNames.name(of: key)), key, "\(key)")
        }
    }
}
