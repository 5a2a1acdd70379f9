import FoundationEssentials
import KoalioUserData

/// TOML text the game writes: strings and keys quoted so any name reads back as itself.
enum TOMLText {
    /// `string` as a TOML basic string, quotes included (quotes, backslashes and control
    /// characters escaped).
    static func basicString(_ string: String) -> String {
        var quoted = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// A bare key when TOML allows one, else a basic string.
    static func key(_ key: String) -> String {
        let bare = !key.isEmpty && key.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }
        return bare ? key : basicString(key)
    }
}
