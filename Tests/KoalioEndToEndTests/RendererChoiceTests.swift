import XCTest
import KoalioSDL

/// `--renderer auto` picks SDL's software renderer, presented directly, when OpenGL would be
/// software anyway (no DRI render node, or Mesa told to use software): cheaper per `make bench`.
final class RendererChoiceTests: XCTestCase {
    func testAutoPicksSoftwareWithoutARenderNode() {
        XCTAssertEqual(RendererChoice.auto.resolved(fileExists: { _ in false }, environment: [:]), .software)
    }

    func testAutoPicksAcceleratedWithARenderNode() {
        XCTAssertEqual(RendererChoice.auto.resolved(fileExists: { $0 == "/dev/dri/renderD128" }, environment: [:]), .accelerated)
    }

    func testMesaSoftwareOverrideMeansSoftware() {
        XCTAssertEqual(RendererChoice.auto.resolved(fileExists: { _ in true }, environment: ["LIBGL_ALWAYS_SOFTWARE": "1"]), .software)
        XCTAssertEqual(RendererChoice.auto.resolved(fileExists: { _ in true }, environment: ["LIBGL_ALWAYS_SOFTWARE": "0"]), .accelerated)
    }

    func testExplicitChoicesStand() {
        XCTAssertEqual(RendererChoice.accelerated.resolved(fileExists: { _ in false }, environment: [:]), .accelerated)
        XCTAssertEqual(RendererChoice.software.resolved(fileExists: { _ in true }, environment: [:]), .software)
    }
}
