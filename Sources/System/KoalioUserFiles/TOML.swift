import CTOML
import KoalioUserData

/// A TOML document as toml++ reads it (Debian's `libtomlplusplus-dev`, behind the `CTOML`
/// shim): values with the line each stands on, so every problem in a player's file can name
/// its line. Strings keep every byte toml++ read, NUL included, so nothing is cut silently.
struct TOMLTable: Sendable {
    /// The table's values by key.
    private(set) var entries: [String: TOMLValue] = [:]

    var keys: Dictionary<String, TOMLValue>.Keys { entries.keys }

    subscript(key: String) -> TOMLValue? { entries[key] }

    /// toml++'s first syntax error: its description and 1-based line.
    struct SyntaxError: Error, Sendable {
        var line: Int
        var description: String
    }

    /// Parses TOML text (the caller has checked it with ``TOMLGate``: toml++ asserts on some
    /// malformed headers).
    init(parsing text: String) throws(SyntaxError) {
        var bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { base in base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { koalio_toml_parse($0, buffer.count) } }
                ?? koalio_toml_parse("", 0)
        }
        guard let document = parsed else { throw SyntaxError(line: 0, description: "out of memory") }
        defer { koalio_toml_free(document) }
        if let error = koalio_toml_error(document) {
            throw SyntaxError(line: Int(koalio_toml_error_line(document)), description: String(cString: error))
        }
        let nodes = UnsafeBufferPointer(start: koalio_toml_nodes(document), count: koalio_toml_node_count(document))
        guard !nodes.isEmpty, case let .table(root) = TOMLValue.read(nodes, at: 0).content else { return }
        self = root
    }

    fileprivate init(entries: [String: TOMLValue]) { self.entries = entries }

    /// An empty table.
    init() {}
}

/// One TOML value and where it stands.
struct TOMLValue: Sendable {
    indirect enum Content: Sendable {
        case table(TOMLTable)
        case array([TOMLValue])
        case string(String)
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        case dateTime(String)
    }

    var content: Content
    /// 1-based line of the value's key (or of the value, in an array); nil when unknown.
    var line: Int?

    var int: Int? { if case let .integer(value) = content { return Int(exactly: value) } else { return nil } }
    var bool: Bool? { if case let .boolean(value) = content { return value } else { return nil } }
    var string: String? { if case let .string(value) = content { return value } else { return nil } }
    var array: [TOMLValue]? { if case let .array(value) = content { return value } else { return nil } }
    var table: TOMLTable? { if case let .table(value) = content { return value } else { return nil } }

    /// The value whose node is at `index`, with everything below it.
    fileprivate static func read(_ nodes: UnsafeBufferPointer<koalio_toml_node>, at index: Int) -> TOMLValue {
        let node = nodes[index]
        let line = node.line > 0 ? Int(node.line) : nil
        func text(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String {
            guard let pointer else { return "" }
            return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
        }
        /// The direct children of the node at `index`: each starts where the one before ends.
        func children() -> [(key: String, value: TOMLValue)] {
            var found: [(key: String, value: TOMLValue)] = []
            var child = index + 1
            for _ in 0..<node.children where child < nodes.count {
                found.append((text(nodes[child].key, nodes[child].key_length), read(nodes, at: child)))
                child += max(1, nodes[child].subtree_size)
            }
            return found
        }
        switch node.kind {
        case KOALIO_TOML_TABLE:
            var entries: [String: TOMLValue] = [:]
            for (key, value) in children() { entries[key] = value }
            return TOMLValue(content: .table(TOMLTable(entries: entries)), line: line)
        case KOALIO_TOML_ARRAY: return TOMLValue(content: .array(children().map(\.value)), line: line)
        case KOALIO_TOML_STRING: return TOMLValue(content: .string(text(node.text, node.text_length)), line: line)
        case KOALIO_TOML_INTEGER: return TOMLValue(content: .integer(node.integer), line: line)
        case KOALIO_TOML_FLOAT: return TOMLValue(content: .float(node.floating), line: line)
        case KOALIO_TOML_BOOLEAN: return TOMLValue(content: .boolean(node.boolean != 0), line: line)
        default: return TOMLValue(content: .dateTime(text(node.text, node.text_length)), line: line)
        }
    }
}
