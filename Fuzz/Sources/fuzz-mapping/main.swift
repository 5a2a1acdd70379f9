import FuzzSupport
import KoalioInput

/// Any bytes as a `gamecontrollerdb.txt`: reading must keep only well-formed Linux mapping
/// lines, each under its own GUID.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    var database = ControllerMappingDatabase()
    database.add(fileBytes: bytes(data, size))
    for (guid, lines) in database.mappings {
        guard guid.count == 32, lines.allSatisfy({ $0.lowercased().hasPrefix(guid) }) else {
            fatalError("mapping for \(guid) kept a line that is not its own")
        }
    }
    return 0
}

runLibFuzzer(fuzzOne)
