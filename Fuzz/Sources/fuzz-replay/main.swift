import FuzzSupport
import KoalioReplay
import KoalioReplayFile

/// Any bytes as a replay: decoding must give a recording or a `ReplayError`. A recording that
/// decodes must encode to a file that decodes, and that file must be a fixed point: decoding
/// and encoding it again gives the same bytes (the format has one spelling per recording;
/// the first pass may only normalise text that was not UTF-8).
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    guard let recording = try? ReplayFile.decode(bytes(data, size), file: "fuzz") else { return 0 }
    let encoded = ReplayFile.encode(recording)
    guard let again = try? ReplayFile.decode(encoded, file: "again"), ReplayFile.encode(again) == encoded else {
        fatalError("a decoded replay does not survive encode → decode → encode")
    }
    return 0
}

runLibFuzzer(fuzzOne)
