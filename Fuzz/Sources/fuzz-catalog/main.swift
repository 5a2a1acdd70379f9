import FuzzSupport
import KoalioText

/// Any bytes as a gettext `.mo` catalogue: reading gives a catalogue or a `Catalog.Problem`;
/// a catalogue that reads puts every message in words, for any count, without a trap (its plural
/// rule evaluated on numbers that divide by zero or overflow, its forms fewer than the rule asks).
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    guard let catalog = try? Catalog(mo: bytes(data, size)) else { return 0 }
    let words = Words(language: .arabic, catalog: catalog)
    for message in Message.allCases {
        for count in [0, 1, 2, 3, 11, 100, 101, Int.max, Int.min] {
            _ = words.render(.counted(message, count: count, [.verbatim("x"), .number(count)]))
        }
        _ = words.render(.message(message, [.verbatim("%s%d%1$s"), .number(7)]))
    }
    return 0
}

// The library's constants (English's plural rule and words) are made once, before the first
// input, so the leak check does not take them for an input's.
_ = Words.english.render(.counted(.settingsProblems, count: 2))
runLibFuzzer(fuzzOne)
