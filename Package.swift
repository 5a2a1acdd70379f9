// swift-tools-version:6.0
// koalio: a controller-friendly platformer for the Linux desktop, in Swift on SDL2.
//
// Dependencies point one way (see ../shared/DESIGN.md): only `CSDL2` and `KoalioSDL` know SDL;
// `KoalioCore` (plain values), `KoalioInput`, `KoalioSim` (on Core alone), `KoalioUI`, `KoalioScripting`
// and `KoalioFlow` (the state machine above the world) are pure Swift without files or a clock,
// and `KoalioView` (which draws the flow) is tested without a display: tools/check-purity holds
// the flow's closure so; files, the clock and hashing are `KoalioSystem`'s, the player's files
// `KoalioUserFiles`', replays' `KoalioReplayFile`'s; `KoalioLevel` reads level files (TMX, XML,
// system zlib); `CZlib` and `CPNG` wrap system zlib and libpng.
import PackageDescription

let package = Package(
    name: "koalio",
    products: [
        .executable(name: "koalio", targets: ["koalio"]),
        // The file readers, for the libFuzzer package in Fuzz/ (which depends on this one by path).
        .library(name: "KoalioFileFormats", targets: ["KoalioCore", "KoalioSystem", "KoalioLevel", "KoalioLevelFile", "KoalioSim", "KoalioReplay", "KoalioReplayFile", "KoalioScripting", "KoalioInput", "KoalioUserData", "KoalioUserFiles", "KoalioAdmission", "KoalioPhone", "KoalioPackArchive", "KoalioText", "KoalioNet"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // SDL2 alone is linked: images are decoded and screenshots written with libpng (CPNG),
        // and SDL_mixer is opened at run time (only its header is needed here).
        .systemLibrary(
            name: "CSDL2", path: "Sources/C/CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]
        ),
        // Xiph's Ogg Vorbis decoder, for the music loops (SDL mixes them; see KoalioSDL/Mixer.swift).
        .systemLibrary(name: "CVorbis", path: "Sources/C/CVorbis", pkgConfig: "vorbisfile", providers: [.apt(["libvorbis-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/C/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // GNU FriBidi: lines with right-to-left words (Arabic) put in visual order and shaped.
        .systemLibrary(name: "CFriBidi", path: "Sources/C/CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // zlib's minizip (libminizip-dev): level packs as zips, read from memory through
        // CZipMemory's callbacks. Linked statically: it is small and not on every desktop.
        .systemLibrary(name: "CMinizip", path: "Sources/C/CMinizip", providers: [.apt(["libminizip-dev"])]),
        .target(name: "CZipMemory", dependencies: ["CMinizip", "CZlib"], path: "Sources/C/CZipMemory",
                linkerSettings: [.linkedLibrary(":libminizip.a")]),
        .systemLibrary(name: "CPNG", path: "Sources/C/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // TOML for the player's files: toml++ (Debian's header-only libtomlplusplus-dev) behind a
        // C function, so reading settings pulls in neither Foundation nor ICU.
        .target(name: "CTOML", path: "Sources/C/CTOML",
                cxxSettings: [.unsafeFlags(["-Os"], .when(configuration: .release))]),  // read once at start: size over speed
        // The program's own argv, kept by an ELF constructor (see Sources/C/CArguments/arguments.c).
        .target(name: "CArguments", path: "Sources/C/CArguments"),
        // Two paths exchanged in one step (renameat2): a level pack replaced on the shelf.
        .target(name: "CRename", path: "Sources/C/CRename"),
        // Plain values every target shares: no file, no clock, no C module.
        // The words koalio shows: the message table (typed ids with their English), gettext
        // catalogues read from `.mo` files, plural rules, the shipped languages. Pure Swift:
        // the flow speaks in its `Text` values and the view puts them in words.
        // The message table and the catalogues: built for size in release (tools/check-binary), a
        // lookup a line is nothing beside a frame.
        .target(name: "KoalioText", path: "Sources/Model/KoalioText", swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Writes po/koalio.pot from the message table (`make po`).
        // The translators' template (po/koalio.pot) with each message's note: the tool and the
        // tests' only, so the game's binary carries no notes.
        .target(name: "KoalioMessageTemplate", dependencies: ["KoalioText"], path: "Sources/Tools/KoalioMessageTemplate"),
        .executableTarget(name: "koalio-messages", dependencies: ["KoalioMessageTemplate"], path: "Sources/Tools/koalio-messages"),
        .target(name: "KoalioCore", path: "Sources/Model/KoalioCore", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The operating system's side of the plain values: files read and written (atomically,
        // protected), the monotonic clock, SHA-256. The flow cannot import it.
        .target(name: "KoalioSystem", dependencies: ["KoalioCore"], path: "Sources/System/KoalioSystem", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug)), .unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Built for size in release (tools/check-binary): a tick reads one snapshot a controller.
        .target(name: "KoalioInput", dependencies: ["KoalioCore"], path: "Sources/Model/KoalioInput",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The simulation, the solver and the geometry under them are optimised in debug builds
        // too: the tests step millions of ticks (replays, the solver's searches of every level
        // for --check-level, which take seconds optimised and minutes not).
        .target(name: "KoalioSim", dependencies: ["KoalioCore"], path: "Sources/Model/KoalioSim",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Reading a level's TMX, once a load (on the read-ahead thread): built for size too.
        .target(name: "KoalioLevel", dependencies: ["KoalioCore", "KoalioSystem", "CZlib"], path: "Sources/System/KoalioLevel",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // A level file as the game uses it: read, hashed, parsed (KoalioLevel) and staged (KoalioSim).
        // Reading a level file, and a replay file, once a load: built for size (tools/check-binary).
        .target(name: "KoalioLevelFile", dependencies: ["KoalioCore", "KoalioSystem", "KoalioLevel", "KoalioSim"], path: "Sources/System/KoalioLevelFile",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The solver, built for size in release (tools/check-binary): its time goes to KoalioSim's step.
        .target(name: "KoalioSolver", dependencies: ["KoalioCore", "KoalioInput", "KoalioSim", "KoalioScripting"], path: "Sources/Model/KoalioSolver",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug)), .unsafeFlags(["-Osize"], .when(configuration: .release))]),
        .target(name: "KoalioHUD", dependencies: ["KoalioCore", "KoalioInput"], path: "Sources/Model/KoalioHUD",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Input scripts (--input-script, tests, the solver): timed keys, pointers, pads, window events.
        // Built for size, as every target off the frame's path is (the binary's guard, tools/check-binary).
        .target(name: "KoalioScripting", dependencies: ["KoalioCore", "KoalioInput"], path: "Sources/Model/KoalioScripting",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // What a screen says, as values: menu pages, prompts and their glyphs, a run's time in
        // words. Below both the flow (which decides them) and the view (which draws them).
        .target(name: "KoalioUI", dependencies: ["KoalioCore", "KoalioInput", "KoalioText"], path: "Sources/Model/KoalioUI",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The flow's state drawn: it depends on the flow, never the other way round.
        // The draw list, built once a frame for SDL's renderer (KoalioSDL, built for size too):
        // built for size (the release binary's guard, tools/check-binary).
        .target(name: "KoalioView", dependencies: ["KoalioCore", "KoalioInput", "KoalioHUD", "KoalioSim", "KoalioUI", "KoalioText", "KoalioFlow", "CFriBidi"], path: "Sources/App/KoalioView",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // A run's recording as a value: recorded, verified, raced as a ghost.
        .target(name: "KoalioReplay", dependencies: ["KoalioCore", "KoalioInput", "KoalioSim"], path: "Sources/Model/KoalioReplay",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug)), .unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The `.koalioreplay` format (zlib's CRC-32).
        .target(name: "KoalioReplayFile", dependencies: ["KoalioCore", "KoalioSystem", "KoalioInput", "KoalioSim", "KoalioReplay", "CZlib"], path: "Sources/System/KoalioReplayFile",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The player's own data as values: progress (levels won, best times), settings and their
        // table, level packs' manifests.
        .target(name: "KoalioUserData", dependencies: ["KoalioCore", "KoalioInput", "KoalioText"], path: "Sources/Model/KoalioUserData",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // … and their files under XDG homes (TOML through toml++), read and written beside the flow.
        // The player's files, read at start and written on a save: built for size (tools/check-binary).
        .target(name: "KoalioUserFiles", dependencies: ["KoalioCore", "KoalioSystem", "KoalioInput", "KoalioUserData", "CTOML"], path: "Sources/System/KoalioUserFiles",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        .target(name: "KoalioSDL", dependencies: ["KoalioCore", "KoalioSystem", "KoalioInput", "CSDL2", "CPNG", "CVorbis"], path: "Sources/Platform/KoalioSDL",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Input scripts played through SDL (pushed events, virtual pads): `--input-script` and
        // tests. The one target besides KoalioSDL that calls SDL, for its virtual joystick API.
        .target(name: "KoalioScriptPlayback", dependencies: ["KoalioCore", "KoalioInput", "KoalioScripting", "KoalioSDL"], path: "Sources/Platform/KoalioScriptPlayback",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Level packs as zips: read (from memory, every entry checked against its limits) and written.
        .target(name: "KoalioPackArchive", dependencies: ["KoalioCore", "CMinizip", "CZipMemory"], path: "Sources/System/KoalioPackArchive",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Play over a network: the rollback core, the inputs and messages on the wire, who may
        // join a hosted game. Pure (the socket and the clock are the caller's).
        // Built for size in release: its time is the network's bookkeeping, the re-simulated
        // ticks are KoalioSim's (built for speed).
        .target(name: "KoalioNet", dependencies: ["KoalioCore", "KoalioInput", "KoalioSim", "KoalioReplay", "KoalioAdmission"], path: "Sources/Model/KoalioNet",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug)), .unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Admission, for phones and online play alike: the pairing secrets (codes, tokens), what
        // each address that knocked earned (wrong codes, lockouts, seats taken) and why one was
        // refused (pure).
        .target(name: "KoalioAdmission", path: "Sources/Model/KoalioAdmission",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Phones as pads: the phones' door (who may try, what each socket may hold), the frame a
        // phone sends and its latch, the addresses phones may come from (pure).
        .target(name: "KoalioPhone", dependencies: ["KoalioAdmission"], path: "Sources/Model/KoalioPhone",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The phones' pairing card's QR code.
        .systemLibrary(name: "CQRencode", path: "Sources/C/CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // This machine's sockets beside online play's pure side: the UDP socket the game's
        // datagrams go through, LAN discovery's two ends, classic LiveSplit's TCP client and what
        // speedrun timers are told (LiveSplitFeed).
        .target(name: "KoalioSockets", dependencies: ["KoalioCore", "KoalioNet"], path: "Sources/System/KoalioSockets",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // Play over the internet: libsodium's sealing of the game's datagrams.
        .systemLibrary(name: "CSodium", path: "Sources/C/CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // …libnice's ICE behind CIce's polled link (GLib stays in C), libstrophe's XMPP for the rooms.
        // libnice's and GLib's headers only: CIce loads the library when a room's game begins
        // (no -l: a game that never plays across the internet never maps GLib, UPnP or ICU).
        // The folders of Debian's libnice-dev and libglib2.0-dev (each architecture's), and other
        // distributions' glibconfig.h.
        .target(name: "CIce", path: "Sources/C/CIce", cSettings: [.unsafeFlags([
            "-I/usr/include/nice", "-I/usr/include/glib-2.0", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
            "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include", "-I/usr/lib64/glib-2.0/include", "-I/usr/lib/glib-2.0/include",
        ]), .unsafeFlags(["-Os"], .when(configuration: .release))]),
        // libstrophe's header only: CStrophe loads the library when a room's game begins (no -l:
        // a game that never plays across the internet never maps it, nor its OpenSSL and expat).
        .target(name: "CStrophe", path: "Sources/C/CStrophe", cSettings: [.unsafeFlags(["-Os"], .when(configuration: .release))]),
        .target(name: "KoalioInternet", dependencies: ["KoalioCore", "KoalioNet", "CSodium", "CIce", "CStrophe"], path: "Sources/System/KoalioInternet",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The local WebSocket listener (LocalListener) on one SwiftNIO event-loop thread, and the
        // two servers made of it: the phones' page and pads, LiveSplit One's timer.
        .target(name: "KoalioLocalServer", dependencies: [
            "KoalioAdmission", "KoalioPhone", "KoalioCore", "KoalioText", "CQRencode", "KoalioSockets",
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        ], path: "Sources/Services/KoalioLocalServer",
        // Network services, not a frame's work: built for size (the release binary's guard, tools/check-binary).
        swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The game above the world: modes, menus, prompts, settings pages, `update` returning
        // effects. No SDL, no files, no clock: the compiler keeps it so (it depends on neither
        // KoalioSDL nor CSDL2, and imports neither Glibc nor Foundation).
        // Built for size: its menus and rules run once a tick, the world's steps are KoalioSim's
        // (the release binary's guard, tools/check-binary).
        .target(name: "KoalioFlow", dependencies: ["KoalioCore", "KoalioInput", "KoalioHUD", "KoalioSim", "KoalioUI", "KoalioText", "KoalioUserData", "KoalioReplay", "KoalioNet"], path: "Sources/Model/KoalioFlow",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The game loop and its composition, a library so tests can run it in-process.
        .target(name: "KoalioApp", dependencies: ["KoalioFlow", "KoalioNet", "KoalioSockets", "KoalioInternet", "KoalioText", "KoalioSystem", "KoalioUserFiles", "KoalioReplayFile", "KoalioAdmission", "KoalioPhone", "KoalioLocalServer", "KoalioCore", "KoalioInput", "KoalioSim", "KoalioLevel", "KoalioLevelFile", "KoalioScripting", "KoalioScriptPlayback", "KoalioView", "KoalioUI", "KoalioHUD", "KoalioReplay", "KoalioSDL", "KoalioUserData",
                                                  .product(name: "ArgumentParser", package: "swift-argument-parser")], path: "Sources/App/KoalioApp",
                // The composition, built for size: a frame's own work
                // is the simulation's, the flow's, the view's and SDL's (the binary's guard, tools/check-binary).
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        // The command line's jobs besides playing (the executable's subcommands): level checks,
        // packs, the level list, splits files, the controllers SDL sees.
        .target(name: "KoalioCommands", dependencies: ["KoalioApp", "KoalioFlow", "KoalioSDL", "KoalioSystem", "KoalioText", "KoalioUI", "KoalioUserData",
                                                       "KoalioUserFiles", "KoalioCore", "KoalioLevel", "KoalioLevelFile", "KoalioPackArchive", "KoalioSim",
                                                       "KoalioSolver", "CRename"], path: "Sources/App/KoalioCommands",
                swiftSettings: [.unsafeFlags(["-Osize"], .when(configuration: .release))]),
        .executableTarget(
            name: "koalio",
            dependencies: [
                "KoalioApp", "KoalioCommands", "KoalioSDL", "KoalioCore", "CArguments",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Sources/App/koalio"
        ),
        // Test and benchmark support: a private Xvfb, and child processes measured with wait4.
        .target(name: "KoalioHarness", path: "Sources/TestSupport/KoalioHarness"),
        // Test support shared by every test target: where the repository is, scratch files, a
        // clean environment for in-process runs, level 1 loaded.
        .target(name: "KoalioTestSupport", dependencies: ["KoalioCore", "KoalioLevel", "KoalioLevelFile", "KoalioSim", "KoalioInput"], path: "Sources/TestSupport/KoalioTestSupport"),
        // Test support: writes replays in a loop until killed (the durability test's subject).
        // Two machines meet by a room code, connect with ICE and exchange sealed pings: the
        // internet lab's probe and the bench's figures for it.
        .executableTarget(name: "koalio-online-probe", dependencies: ["KoalioInternet", "KoalioNet"], path: "Sources/Tools/koalio-online-probe"),
        .executableTarget(name: "koalio-write-loop", dependencies: ["KoalioCore", "KoalioSystem", "KoalioInput", "KoalioReplay", "KoalioReplayFile"], path: "Sources/Tools/koalio-write-loop"),
        .executableTarget(
            name: "koalio-bench",
            dependencies: ["KoalioCore", "KoalioSystem", "KoalioInput", "KoalioSim", "KoalioLevel", "KoalioLevelFile", "KoalioScripting", "KoalioSolver", "KoalioReplay", "KoalioReplayFile", "KoalioHarness",
                           "KoalioApp", "KoalioAdmission", "KoalioPhone", "KoalioLocalServer", "KoalioSDL", "KoalioText", "KoalioNet", "KoalioUserData", "KoalioUserFiles",
                           "KoalioInternet", .product(name: "ArgumentParser", package: "swift-argument-parser")], path: "Sources/Tools/koalio-bench"
        ),
        .executableTarget(
            name: "koalio-solve",
            dependencies: ["KoalioLevel", "KoalioLevelFile", "KoalioSolver", "KoalioSim",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")], path: "Sources/Tools/koalio-solve"
        ),
        .testTarget(name: "KoalioPhoneTests", dependencies: ["KoalioAdmission", "KoalioPhone"]),
        .testTarget(name: "KoalioNetTests", dependencies: ["KoalioNet", "KoalioTestSupport", "KoalioReplay", "KoalioReplayFile", "KoalioLevelFile", "KoalioSim", "KoalioInput", "KoalioCore"]),
        .testTarget(name: "KoalioTextTests", dependencies: ["KoalioText", "KoalioMessageTemplate", "KoalioTestSupport"]),
        // The server's handlers in NIO's embedded channel (time and writability set by the test).
        .testTarget(name: "KoalioLocalServerTests", dependencies: [
            "KoalioLocalServer", "KoalioPhone", "KoalioText", "KoalioSockets", .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio")]),
        .testTarget(name: "KoalioCoreTests", dependencies: ["KoalioTestSupport", "KoalioCore", "KoalioSystem"]),
        .testTarget(name: "KoalioSolverTests", dependencies: ["KoalioTestSupport", "KoalioSolver", "KoalioLevel", "KoalioLevelFile", "KoalioSim", "KoalioCore", "KoalioInput", "KoalioScripting"]),
        .testTarget(name: "KoalioSimTests", dependencies: [
            "KoalioTestSupport", "KoalioSim", "KoalioCore", "KoalioLevel", "KoalioLevelFile"]),
        .testTarget(name: "KoalioLevelTests", dependencies: [
            "KoalioTestSupport",
            "KoalioLevel", "KoalioLevelFile", "KoalioSim", "KoalioCore",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "KoalioInputTests", dependencies: [
            "KoalioTestSupport", "KoalioInput", "KoalioCore"]),
        .testTarget(name: "KoalioReplayTests", dependencies: [
            "KoalioTestSupport",
            "KoalioReplay", "KoalioReplayFile", "KoalioSystem", "KoalioScripting", "KoalioSim", "KoalioLevel", "KoalioLevelFile", "KoalioInput", "KoalioCore",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "KoalioHUDTests", dependencies: [
            "KoalioTestSupport", "KoalioHUD", "KoalioInput", "KoalioCore"]),
        .testTarget(name: "KoalioUserDataTests", dependencies: ["KoalioTestSupport", "KoalioUserData", "KoalioUserFiles", "KoalioSystem", "KoalioInput", "KoalioSDL", "KoalioCore"]),
        .testTarget(name: "KoalioScriptingTests", dependencies: [
            "KoalioTestSupport", "KoalioScripting", "KoalioInput", "KoalioCore"]),
        .testTarget(name: "KoalioViewTests", dependencies: [
            "KoalioTestSupport", "KoalioView", "KoalioUI", "KoalioText", "KoalioSim", "KoalioLevel", "KoalioLevelFile", "KoalioCore", "KoalioReplay", "KoalioReplayFile", "KoalioUserData", "KoalioFlow"]),
        // SDL's side: pads through SDL's GameController layer, events, the canvas, the checks.
        .testTarget(name: "KoalioSDLTests", dependencies: [
            "KoalioTestSupport", "KoalioSDL", "KoalioScriptPlayback", "KoalioInput", "KoalioCore", "CSDL2", "CVorbis"]),
        // Test support: the flow stepped by hand, as the driver steps it (``FlowHarness``), without SDL.
        .target(name: "KoalioFlowTestSupport", dependencies: [
            "KoalioTestSupport", "KoalioFlow", "KoalioInput", "KoalioSim", "KoalioLevel", "KoalioReplay", "KoalioReplayFile",
            "KoalioUserData", "KoalioSystem", "KoalioUI", "KoalioText", "KoalioCore", "KoalioHUD", "KoalioNet"], path: "Sources/TestSupport/KoalioFlowTestSupport"),
        // The game above the world without SDL: menus, prompts, seats and presence stepped by hand
        // (tools/check-purity holds that nothing here links SDL).
        .testTarget(name: "KoalioFlowTests", dependencies: [
            "KoalioTestSupport", "KoalioFlowTestSupport", "KoalioFlow", "KoalioHUD", "KoalioInput", "KoalioSim", "KoalioLevel", "KoalioReplay", "KoalioReplayFile",
            "KoalioUserData", "KoalioUserFiles", "KoalioSystem", "KoalioView", "KoalioUI", "KoalioCore", "KoalioText", "KoalioNet"]),
        // The real game loop in-process, headless, driven by input scripts and virtual pads.
        .testTarget(name: "KoalioAppTests", dependencies: [
            "KoalioTestSupport", "KoalioFlowTestSupport", "KoalioApp", "KoalioCommands", "KoalioSockets", "KoalioFlow", "KoalioSDL", "KoalioScriptPlayback", "KoalioScripting", "KoalioHUD", "KoalioInput",
            "KoalioSim", "KoalioLevel", "KoalioLevelFile", "KoalioReplay", "KoalioReplayFile", "KoalioUserData", "KoalioUserFiles", "KoalioSystem", "KoalioView", "KoalioUI", "KoalioText", "KoalioCore", "KoalioLocalServer", "KoalioPackArchive", "KoalioNet", "KoalioAdmission", "CSDL2"]),
        .testTarget(name: "KoalioInternetTests", dependencies: ["KoalioInternet"]),
        // The shipped binary as a child process: headless runs, bad files, replays, Xvfb windows.
        .testTarget(name: "KoalioEndToEndTests", dependencies: [
            "KoalioTestSupport", "KoalioSim", "KoalioCore", "KoalioLevel", "KoalioLevelFile", "KoalioHarness", "KoalioSDL", "KoalioReplay", "KoalioReplayFile", "KoalioSystem", "KoalioUserFiles", "KoalioView", "KoalioUI",
            "KoalioInput", "KoalioScripting"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
