// swift-tools-version:6.0
// libFuzzer targets for koalio's file readers: `make fuzz` builds them with
// `-sanitize=fuzzer,address` and runs each for a bounded time (see the Makefile and README).
// A package of its own, so the main build never needs libFuzzer's `main`.
import PackageDescription

let formats: Target.Dependency = .product(name: "KoalioFileFormats", package: "koalio")

let package = Package(
    name: "koalio-fuzz",
    dependencies: [.package(name: "koalio", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "fuzz-level", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-replay", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-script", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-mapping", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-settings", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-progress", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-phone-frame", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-pack-manifest", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-pack-zip", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-catalog", dependencies: [formats, "FuzzSupport"]),
        .executableTarget(name: "fuzz-net-message", dependencies: [formats, "FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
