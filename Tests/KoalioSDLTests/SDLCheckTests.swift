import CSDL2
import XCTest
@testable import KoalioSDL

/// The one way SDL results are read: a real failing SDL call becomes an error that names the
/// call and carries SDL's own reason.
final class SDLCheckTests: XCTestCase {
    func testANegativeResultThrowsWithSDLsReason() {
        XCTAssertThrowsError(try check(SDL_SetTextureAlphaMod(nil, 128), "SDL_SetTextureAlphaMod(sprite)")) { error in
            let error = error as? SDLError
            guard case let .failed(operation, _) = error else { return XCTFail("an SDL failure") }
            XCTAssertEqual(operation, "SDL_SetTextureAlphaMod(sprite)")
            XCTAssertEqual(error?.reason, "Parameter 'texture' is invalid")
            XCTAssertEqual(error?.description, "SDL_SetTextureAlphaMod(sprite) failed: Parameter 'texture' is invalid")
        }
    }

    func testANullHandleThrowsAndAHandleIsReturned() throws {
        XCTAssertThrowsError(try check(SDL_CreateRGBSurfaceWithFormat(0, -5, 10, 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
                                       "SDL_CreateRGBSurfaceWithFormat")) { error in
            XCTAssertFalse((error as? SDLError)?.reason.isEmpty ?? true, "SDL said why")
        }
        let surface = try check(SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 32, SDL_PIXELFORMAT_ARGB8888.rawValue), "SDL_CreateRGBSurfaceWithFormat")
        defer { SDL_FreeSurface(surface) }
        XCTAssertEqual(surface.pointee.w, 4)
        XCTAssertNoThrow(try check(SDL_FillRect(surface, nil, 0), "SDL_FillRect"), "0 is success")
    }
}
