// swift-tools-version:6.0
// koalio: a controller-friendly platformer for the Linux desktop, in Swift on SDL2.
//
// Dependencies point one way (see ../shared/DESIGN.md): only `CSDL2` and `KoalioSDL` know SDL;
// `KoalioCore`, `KoalioInput`, `KoalioSim` and `KoalioGame` are pure Swift and tested without a display.
import PackageDescription

let package = Package(
    name: "koalio",
    products: [
        .executable(name: "koalio", targets: ["koalio"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev"])]
        ),
        .target(name: "KoalioCore"),
        .target(name: "KoalioInput", dependencies: ["KoalioCore"]),
        .target(name: "KoalioSim", dependencies: ["KoalioCore"]),
        .target(name: "KoalioHUD", dependencies: ["KoalioCore", "KoalioInput"]),
        .target(name: "KoalioGame", dependencies: ["KoalioCore", "KoalioInput", "KoalioSim", "KoalioHUD"]),
        .target(name: "KoalioReplay", dependencies: ["KoalioCore", "KoalioInput", "KoalioSim", "KoalioGame"]),
        .target(name: "KoalioSDL", dependencies: ["KoalioCore", "KoalioInput", "CSDL2"]),
        // The game loop and its composition, a library so tests can run it in-process.
        .target(name: "KoalioApp", dependencies: ["KoalioCore", "KoalioInput", "KoalioSim", "KoalioGame", "KoalioHUD", "KoalioReplay", "KoalioSDL"]),
        .executableTarget(
            name: "koalio",
            dependencies: [
                "KoalioApp", "KoalioSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test and benchmark support: a private Xvfb, and child processes measured with wait4.
        .target(name: "KoalioHarness"),
        .executableTarget(
            name: "koalio-bench",
            dependencies: ["KoalioCore", "KoalioInput", "KoalioSim", "KoalioGame", "KoalioReplay", "KoalioHarness"]
        ),
        .executableTarget(
            name: "koalio-solve",
            dependencies: ["KoalioCore", "KoalioInput", "KoalioSim", "KoalioGame"]
        ),
        .testTarget(name: "KoalioSimTests", dependencies: ["KoalioSim", "KoalioCore"]),
        .testTarget(name: "KoalioInputTests", dependencies: ["KoalioInput", "KoalioCore"]),
        .testTarget(name: "KoalioReplayTests", dependencies: ["KoalioReplay", "KoalioGame", "KoalioSim", "KoalioInput", "KoalioCore"]),
        .testTarget(name: "KoalioHUDTests", dependencies: ["KoalioHUD", "KoalioInput", "KoalioCore"]),
        .testTarget(name: "KoalioGameTests", dependencies: ["KoalioGame", "KoalioInput", "KoalioSim", "KoalioCore"]),
        .testTarget(name: "KoalioEndToEndTests", dependencies: ["KoalioSim", "KoalioCore", "KoalioHarness", "KoalioSDL", "KoalioReplay"]),
        .testTarget(name: "KoalioPadTests", dependencies: ["KoalioApp", "KoalioSDL", "KoalioInput", "KoalioGame", "KoalioSim", "KoalioCore", "KoalioReplay", "CSDL2"]),
    ],
    swiftLanguageModes: [.v6]
)
