/// Keys' names as the platform spells them ("Space", "Left Shift", "Return"): the settings
/// file's spelling and the keycap glyphs' text. Data, made once by the platform layer, so the
/// menus and prompts name keys without calling it.
public struct KeyNameTable: Equatable, Sendable {
    private var names: [Key: String]
    /// Lowercased name → key (the first key of a name wins, as SDL's own lookup does).
    private var keys: [String: Key]

    /// `names`: the platform's name of each key it can name.
    public init(names: [(Key, String)] = []) {
        var byKey: [Key: String] = [:], byName: [String: Key] = [:]
        for (key, name) in names where !name.isEmpty {
            byKey[key] = name
            if byName[name.lowercased()] == nil { byName[name.lowercased()] = key }
        }
        self.names = byKey
        keys = byName
    }

    /// The key's name, or "Key N" for a key the platform has no name for.
    public func name(of key: Key) -> String { names[key] ?? "Key \(key.usage)" }

    /// The key called `name` (any case), or one spelled "Key N" as ``name(of:)`` writes a key
    /// without a name (N in 1..<`usageLimit`); nil for a name the platform does not know.
    public func key(named name: String, usageLimit: Int = 512) -> Key? {
        if name.hasPrefix("Key "), let usage = Int(name.dropFirst(4)), (1..<usageLimit).contains(usage) { return Key(usage: usage) }
        return keys[name.lowercased()]
    }
}
