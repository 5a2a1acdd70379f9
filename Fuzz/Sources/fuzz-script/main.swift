import FuzzSupport
import KoalioScripting

/// Any bytes as an input script: parsing must give a script or a `ParseError`; a script that
/// parses must read back unchanged from its own text.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    guard let script = try? InputScript.parse(bytes: bytes(data, size), file: "fuzz") else { return 0 }
    guard let again = try? InputScript.parse(script.text, file: "again"), again == script else {
        fatalError("a parsed script does not read back from its own text")
    }
    return 0
}

runLibFuzzer(fuzzOne)
