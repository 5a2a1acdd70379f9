import FuzzSupport
import KoalioPhone

/// Any bytes as a phone's frame: a frame that writes back to the same bytes, or a refusal;
/// never a trap.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    let input = bytes(data, size)
    if let frame = try? PhoneFrame(decoding: input), frame.bytes != input { fatalError("a frame did not write back as read") }
    return 0
}

runLibFuzzer(fuzzOne)
