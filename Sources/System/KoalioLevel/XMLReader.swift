import KoalioCore

/// A parsed XML element: just what a Tiled map needs (names, attributes, text, children, and
/// the line each element starts on, so loader errors can point at the place).
public struct XMLElement: Sendable {
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLElement]
    public var text: String
    public var line: Int

    public func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }
    public func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }
}

/// Why a document is not well-formed enough to read.
public struct XMLSyntaxError: Error, Sendable, Equatable {
    public var line: Int
    public var reason: String
}

/// A small, strict XML reader for TMX and TSX files.
///
/// Written for the subset Tiled writes (elements, attributes, text, comments, the XML
/// declaration, CDATA, the five named entities and numeric references) rather than pulling in
/// FoundationXML and libxml2: it keeps start-up small and gives errors with line numbers.
public struct XMLReader {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private var index = 0
    private var line = 1

    /// Reads a document whose elements nest at most `maxDepth` deep (the reader recurses once
    /// per level, so the limit is what keeps a hostile file from overflowing the stack).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(XMLSyntaxError) -> XMLElement {
        var reader = XMLReader(bytes: bytes, maxDepth: maxDepth)
        return try reader.document()
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private mutating func document() throws(XMLSyntaxError) -> XMLElement {
        if bytes.starts(with: TextFile.byteOrderMark) { index = TextFile.byteOrderMark.count }
        try skipMisc()
        guard peek() == UInt8(ascii: "<") else { throw fail("expected a root element") }
        let root = try element(depth: 1)
        try skipMisc()
        guard index >= bytes.count else { throw fail("content after the root element") }
        return root
    }

    /// Skips white space, comments, processing instructions and a DOCTYPE between elements.
    private mutating func skipMisc() throws(XMLSyntaxError) {
        while index < bytes.count {
            if isSpace(bytes[index]) {
                advance()
            } else if starts(with: "<?") {
                try skip(past: "?>")
            } else if starts(with: "<!--") {
                try skip(past: "-->")
            } else if starts(with: "<!DOCTYPE") {
                try skip(past: ">")
            } else {
                return
            }
        }
    }

    private mutating func element(depth: Int) throws(XMLSyntaxError) -> XMLElement {
        guard depth <= maxDepth else { throw fail("elements nest more than \(maxDepth) deep") }
        let startLine = line
        advance() // "<"
        let name = readName()
        guard !name.isEmpty else { throw fail("expected an element name") }
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard let c = peek() else { throw fail("unexpected end of file in <\(TerminalText.excerpt(name))>") }
            if c == UInt8(ascii: "/") {
                advance()
                guard peek() == UInt8(ascii: ">") else { throw fail("expected '>' after '/' in <\(TerminalText.excerpt(name))>") }
                advance()
                return XMLElement(name: name, attributes: attributes, children: [], text: "", line: startLine)
            }
            if c == UInt8(ascii: ">") {
                advance()
                break
            }
            let key = readName()
            guard !key.isEmpty else { throw fail("bad attribute in <\(TerminalText.excerpt(name))>") }
            skipSpace()
            guard peek() == UInt8(ascii: "=") else { throw fail("expected '=' after attribute \(TerminalText.excerpt(key)) in <\(TerminalText.excerpt(name))>") }
            advance()
            skipSpace()
            guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw fail("expected a quoted value for attribute \(TerminalText.excerpt(key)) in <\(TerminalText.excerpt(name))>")
            }
            advance()
            let start = index
            while let d = peek(), d != quote { advance() }
            guard index < bytes.count else { throw fail("unterminated value for attribute \(TerminalText.excerpt(key))") }
            guard attributes[key] == nil else { throw fail("attribute \(TerminalText.excerpt(key)) appears twice in <\(TerminalText.excerpt(name))>") }
            attributes[key] = try decodeEntities(bytes[start..<index])
            advance()
        }
        var children: [XMLElement] = []
        var text = ""
        var run: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("element <\(TerminalText.excerpt(name))> is not closed") }
            if starts(with: "</") {
                index += 2
                let closing = readName()
                guard closing == name else { throw fail("</\(TerminalText.excerpt(closing))> closes <\(TerminalText.excerpt(name))>") }
                skipSpace()
                guard peek() == UInt8(ascii: ">") else { throw fail("expected '>' in </\(TerminalText.excerpt(name))>") }
                advance()
                text += try decodeEntities(run[...])
                return XMLElement(name: name, attributes: attributes, children: children, text: text, line: startLine)
            } else if starts(with: "<!--") {
                try skip(past: "-->")
            } else if starts(with: "<![CDATA[") {
                // CDATA is literal: decode the text before it, then take it as it stands.
                text += try decodeEntities(run[...])
                run.removeAll()
                index += 9
                let start = index
                try skip(past: "]]>")
                text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
            } else if starts(with: "<?") {
                try skip(past: "?>")
            } else if bytes[index] == UInt8(ascii: "<") {
                children.append(try element(depth: depth + 1))
            } else {
                run.append(bytes[index])
                advance()
            }
        }
    }

    private func decodeEntities(_ raw: ArraySlice<UInt8>) throws(XMLSyntaxError) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            let c = raw[i]
            guard c == UInt8(ascii: "&") else {
                out.append(c)
                i += 1
                continue
            }
            guard let semicolon = raw[i...].firstIndex(of: UInt8(ascii: ";")) else {
                throw fail("unterminated entity reference")
            }
            let entity = String(decoding: raw[(i + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "amp": out.append(UInt8(ascii: "&"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                let scalar: UInt32?
                if entity.hasPrefix("#x") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst(1))
                } else {
                    scalar = nil
                }
                guard let value = scalar, let unicode = Unicode.Scalar(value) else {
                    throw fail("unknown entity &\(entity);")
                }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            }
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            for k in 0..<count where bytes[index + k] != buffer[k] { return false }
            return true
        }
    }

    private mutating func skip(past literal: StaticString) throws(XMLSyntaxError) {
        while index < bytes.count {
            if starts(with: literal) {
                for _ in 0..<literal.utf8CodeUnitCount { advance() }
                return
            }
            advance()
        }
        throw fail("unexpected end of file, expected '\(literal)'")
    }

    private mutating func skipSpace() {
        while let c = peek(), isSpace(c) { advance() }
    }

    private mutating func readName() -> String {
        let start = index
        while let c = peek(), isNameByte(c) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            || c == UInt8(ascii: ":") || c >= 0x80
    }

    private func fail(_ reason: String) -> XMLSyntaxError { XMLSyntaxError(line: line, reason: reason) }
}
