/// One language's translations, read from a gettext `.mo` file (what `msgfmt` makes of a `.po`):
/// each message's forms by context and English, and the language's plural rule from its
/// header. A message not in it (missing, or fuzzy when it was compiled) stays English.
public struct Catalog: Sendable {
    /// Forms by `context \u{4} msgid` (the `.mo` key): one, or one per plural form.
    var forms: [String: [String]]
    /// Which form a count takes (`Plural-Forms`); English's when the header has none.
    public var plural: PluralRule

    /// No translations: English.
    public static let english = Catalog(forms: [:], plural: .english)

    init(forms: [String: [String]], plural: PluralRule) {
        self.forms = forms
        self.plural = plural
    }

    /// Why a `.mo` file cannot be read, with the byte offset where that was found.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "at byte \(offset): \(reason)" }
    }

    /// The largest `.mo` koalio reads (its own are a few tens of kilobytes).
    public static let bytesLimit = 4 << 20

    /// Reads a `.mo` file's bytes (either byte order, revision 0).
    public init(mo bytes: [UInt8]) throws(Problem) {
        guard bytes.count <= Self.bytesLimit else { throw Problem(offset: 0, reason: "larger than \(Self.bytesLimit) bytes") }
        guard bytes.count >= 28 else { throw Problem(offset: 0, reason: "too short for a .mo header") }
        let little: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0xde, 0x12, 0x04, 0x95): little = true
        case (0x95, 0x04, 0x12, 0xde): little = false
        default: throw Problem(offset: 0, reason: "not a gettext .mo file (bad magic number)")
        }
        func word(_ at: Int) throws(Problem) -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw Problem(offset: at, reason: "past the end of the file") }
            let b = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
            return Int(little ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.3 | b.2 << 8 | b.1 << 16 | b.0 << 24)
        }
        guard try word(4) >> 16 == 0 else { throw Problem(offset: 4, reason: "unknown major revision") }
        let count = try word(8), originals = try word(12), translations = try word(16)
        guard count <= bytes.count / 16 else { throw Problem(offset: 8, reason: "more strings than the file could hold") }
        func string(table: Int, index: Int) throws(Problem) -> [UInt8] {
            let at = table + index * 8
            let length = try word(at), offset = try word(at + 4)
            guard length >= 0, offset >= 0, offset <= bytes.count, length <= bytes.count - offset else {
                throw Problem(offset: at, reason: "a string runs past the end of the file")
            }
            return Array(bytes[offset..<offset + length])
        }
        var forms: [String: [String]] = [:]
        var header = ""
        for index in 0..<count {
            let key = try string(table: originals, index: index), value = try string(table: translations, index: index)
            guard let text = String(validating: value, as: UTF8.self) else {
                throw Problem(offset: translations + index * 8, reason: "a translation is not UTF-8")
            }
            // The key is `context \u{4} msgid`, then `\0 msgid_plural` for a plural; its forms are NUL-separated.
            let msgid = key.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false).first.map(Array.init) ?? []
            guard let id = String(validating: msgid, as: UTF8.self) else {
                throw Problem(offset: originals + index * 8, reason: "a message is not UTF-8")
            }
            if id.isEmpty { header = text; continue }
            forms[id] = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        }
        var plural = PluralRule.english
        if let line = header.split(separator: "\n").first(where: { $0.lowercased().hasPrefix("plural-forms:") }) {
            do { plural = try PluralRule(header: String(line.dropFirst("plural-forms:".count))) } catch {
                throw Problem(offset: 0, reason: "its Plural-Forms header: \(error.reason)")
            }
        }
        self.init(forms: forms, plural: plural)
    }

    /// A message's translated forms, nil when this catalogue has none (English, then).
    public func forms(of message: Message) -> [String]? {
        forms[message.key].flatMap { $0.contains(where: { !$0.isEmpty }) ? $0 : nil }
    }

    /// The messages this catalogue translates, of those the table has.
    public var translated: Int { Message.allCases.count { forms(of: $0) != nil } }
}
