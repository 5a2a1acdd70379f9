/// A language's rule for which plural form a number takes, as gettext's `Plural-Forms` header
/// writes it: `nplurals=2; plural=(n != 1);` (a C expression of `n`). Parsed once, evaluated
/// for each count; a form out of range falls back to the last.
public struct PluralRule: Sendable, Equatable {
    public var count: Int
    var expression: Expression

    /// English, German, Spanish, Portuguese: one, else other.
    public static let english = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    /// Why a `Plural-Forms` header cannot be read.
    public struct Problem: Error, Equatable {
        public var reason: String
    }

    indirect enum Expression: Sendable, Equatable {
        case n
        case number(Int)
        case not(Expression)
        case binary(String, Expression, Expression)
        case choice(Expression, Expression, Expression)
    }

    init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// The longest plural rule read, in bytes (Arabic's, the longest in use, is 86): a longer
    /// one in a file is refused, so no rule nests or chains deep enough to matter.
    public static let ruleBytesLimit = 256

    /// Reads ` nplurals=N; plural=EXPR;`.
    public init(header: String) throws(Problem) {
        var nplurals: Int?
        var plural: Expression?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "nplurals": nplurals = Int(pair[1])
            case "plural":
                guard pair[1].utf8.count <= Self.ruleBytesLimit else { throw Problem(reason: "the plural rule is longer than \(Self.ruleBytesLimit) bytes") }
                var parser = Parser(Array(pair[1].utf8))
                plural = try parser.whole()
            default: break
            }
        }
        guard let nplurals, (1...6).contains(nplurals) else { throw Problem(reason: "nplurals is not a number from 1 to 6") }
        guard let plural else { throw Problem(reason: "no plural= expression") }
        self.init(count: nplurals, expression: plural)
    }

    /// The form `n` takes, 0 ..< ``count``.
    public func form(for n: Int) -> Int {
        min(max(0, Self.evaluate(expression, n)), count - 1)
    }

    private static func evaluate(_ expression: Expression, _ n: Int) -> Int {
        switch expression {
        case .n: return n
        case let .number(value): return value
        case let .not(inner): return evaluate(inner, n) == 0 ? 1 : 0
        case let .choice(condition, then, otherwise): return evaluate(condition, n) != 0 ? evaluate(then, n) : evaluate(otherwise, n)
        case let .binary(op, lhs, rhs):
            let a = evaluate(lhs, n), b = evaluate(rhs, n)
            switch op {
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "&&": return a != 0 && b != 0 ? 1 : 0
            case "||": return a != 0 || b != 0 ? 1 : 0
            // A rule from a file: no division by zero, no overflow trap (Int.min / -1).
            case "%": return b == 0 ? 0 : a.remainderReportingOverflow(dividingBy: b).partialValue
            case "/": return b == 0 ? 0 : a.dividedReportingOverflow(by: b).partialValue
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            default: return 0
            }
        }
    }

    /// A recursive-descent reader of C's expression grammar, as far as plural rules use it.
    private struct Parser {
        let bytes: [UInt8]
        var at = 0
        var depth = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func whole() throws(Problem) -> Expression {
            let expression = try ternary()
            skipSpaces()
            guard at == bytes.count else { throw Problem(reason: "unexpected text at character \(at + 1) of the plural rule") }
            return expression
        }

        mutating func skipSpaces() { while at < bytes.count, bytes[at] == 32 || bytes[at] == 9 { at += 1 } }

        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let t = Array(token.utf8)
            guard at + t.count <= bytes.count, Array(bytes[at..<at + t.count]) == t else { return false }
            // "<" must not take the first half of "<=", nor "!" of "!=".
            if t.count == 1, at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "="), "<>!=".utf8.contains(t[0]) { return false }
            at += t.count
            return true
        }

        mutating func ternary() throws(Problem) -> Expression {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { throw Problem(reason: "the plural rule nests too deeply") }
            let condition = try binary(level: 0)
            guard take("?") else { return condition }
            let then = try ternary()
            guard take(":") else { throw Problem(reason: "a ? without its : in the plural rule") }
            return .choice(condition, then, try ternary())
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        mutating func binary(level: Int) throws(Problem) -> Expression {
            guard level < Self.levels.count else { return try unary() }
            var lhs = try binary(level: level + 1)
            while let op = Self.levels[level].first(where: { take($0) }) {
                lhs = .binary(op, lhs, try binary(level: level + 1))
            }
            return lhs
        }

        mutating func unary() throws(Problem) -> Expression {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { throw Problem(reason: "the plural rule nests too deeply") }
            if take("!") { return .not(try unary()) }
            skipSpaces()
            if take("(") {
                let inner = try ternary()
                guard take(")") else { throw Problem(reason: "a ( without its ) in the plural rule") }
                return inner
            }
            if take("n") { return .n }
            var value = 0, digits = 0
            while at < bytes.count, (48...57).contains(bytes[at]), digits < 9 {
                value = value * 10 + Int(bytes[at] - 48)
                at += 1
                digits += 1
            }
            guard digits > 0 else { throw Problem(reason: "expected n, a number or ( at character \(at + 1) of the plural rule") }
            return .number(value)
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        var s = self
        while let first = s.first, first == " " || first == "\t" { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
