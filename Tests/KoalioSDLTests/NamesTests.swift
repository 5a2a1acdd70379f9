import CSDL2
import KoalioInput
@testable import KoalioSDL
import XCTest
import KoalioTestSupport

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

    /// The flow's tests read keys by a recorded copy of SDL's names (they link no SDL): the copy
    /// is SDL's table, name for name.
    func testTheRecordedKeyNamesAreSDLs() {
        XCTAssertEqual(RecordedKeyNames.table, KeyNames.table)
    }

    func testKeysGoByTheNamesSDLGivesThem() {
        XCTAssertEqual(KeyNames.table.name(of: .space), "Space")
        XCTAssertEqual(KeyNames.table.name(of: .leftShift), "Left Shift")
        XCTAssertEqual(KeyNames.table.name(of: .enter), "Return")
        XCTAssertEqual(KeyNames.table.name(of: .up), "Up")
        XCTAssertEqual(KeyNames.table.key(named: "left shift"), .leftShift, "any case")
        XCTAssertEqual(KeyNames.table.key(named: "F11"), .f11)
        XCTAssertNil(KeyNames.table.key(named: "Spacebar"))
        XCTAssertEqual(KeyNames.table.name(of: Key(usage: 0x73)), "F24")
        let unnamed = Key(usage: 0xA5)  // in SDL's range, no name
        XCTAssertEqual(KeyNames.table.key(named: KeyNames.table.name(of: unnamed)), unnamed, "a key SDL cannot name still reads back")
        for key in Key.scriptKeys.map(\.key) {
            XCTAssertEqual(KeyNames.table.key(named: KeyNames.table.name(of: key)), key, "\(key)")
        }
    }

    /// The table the menus and the settings file read is SDL's own naming, key by key.
    func testTheKeyNameTableIsSDLsNaming() {
        for usage in 1..<Int(SDL_NUM_SCANCODES.rawValue) {
            let scancode = SDL_Scancode(rawValue: UInt32(usage))
            let name = String(cString: SDL_GetScancodeName(scancode))
            guard !name.isEmpty else { continue }
            XCTAssertEqual(KeyNames.table.name(of: Key(usage: usage)), name)
            XCTAssertEqual(KeyNames.table.key(named: name.uppercased()).map { Int($0.usage) },
                           Int(SDL_GetScancodeFromName(name.uppercased()).rawValue), name)
        }
    }
}
