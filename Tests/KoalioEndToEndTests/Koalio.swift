import Foundation
import KoalioTestSupport
import XCTest

/// Runs the real `koalio` binary that `swift build` put beside this test bundle.
struct KoalioRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Koalio {
    static let repository = Repository.root
    static var binary: String {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [products.appendingPathComponent("koalio").path,
                          products.deletingLastPathComponent().appendingPathComponent("koalio").path]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    /// `removing`: variables of the test's own environment the child must not see (`DISPLAY`
    /// for a Wayland-only desktop).
    static func run(_ arguments: [String], environment: [String: String] = [:], removing: [String] = []) throws -> KoalioRun {
        // Autosaved runs go to the tests' own data home, never the real one.
        var env = try TestEnvironment.forChild(dataHome: dataHome)
        for (key, value) in environment { env[key] = value }
        for key in removing { env[key] = nil }
        let run = try ChildProcess.run(binary, arguments, environment: env, directory: repository)
        return KoalioRun(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// Where test runs' autosaved replays go.
    static let dataHome: String = {
        (try? Scratch.directory().path) ?? Scratch.root
    }()

    /// A fresh scratch directory for one test.
    static func scratch() throws -> URL {
        try Scratch.directory()
    }

    static func traceLines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }
}
