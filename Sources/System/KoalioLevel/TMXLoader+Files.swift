import FoundationEssentials
import KoalioCore
import KoalioSystem

/// The files a level reads (within ``LevelLimits``), its XML, paths relative to it, and the
/// attribute readers that name the file, line and element in every error.
extension TMXLoader {
    static func readFile(_ path: String, element: String, limit: Int = LevelLimits.fileBytes, referencedFrom: Place? = nil,
                         line: Int? = nil) throws(LevelError) -> [UInt8] {
        do { return try FileBytes.read(path, limit: limit) } catch {
            if let referencedFrom {
                throw LevelError(file: referencedFrom.file, line: line, element: element, reason: "\(path): \(error.reason)")
            }
            throw LevelError(file: path, line: nil, element: element, reason: error.reason)
        }
    }

    static func parseXML(_ bytes: [UInt8], file: String) throws(LevelError) -> XMLElement {
        do {
            return try XMLReader.parse(bytes, maxDepth: LevelLimits.xmlDepth)
        } catch {
            throw LevelError(file: file, line: error.line, element: "", reason: "not well-formed XML: \(error.reason)")
        }
    }

    static func resolve(_ relative: String, against file: String) -> String {
        if relative.hasPrefix("/") { return relative }
        return PathString.join(PathString.directory(of: file), relative)
    }

    /// The file being read, so attribute helpers can name it in errors.
    struct Place {
        var file: String

        func error(_ element: XMLElement, _ reason: String) -> LevelError {
            LevelError(file: file, line: element.line, element: element.name, reason: reason)
        }

        /// A whole-number attribute within `range`: missing is an error unless there is a default.
        func int(_ element: XMLElement, _ key: String, in range: ClosedRange<Int>, default fallback: Int? = nil) throws(LevelError) -> Int {
            guard let text = element.attributes[key] else {
                if let fallback { return fallback }
                throw error(element, "missing attribute \(key)")
            }
            guard let value = Int(text) else { throw error(element, "attribute \(key)='\(TerminalText.excerpt(text))' is not a whole number") }
            guard range.contains(value) else {
                throw error(element, "attribute \(key)=\(value) is out of range (\(range.lowerBound)…\(range.upperBound))")
            }
            return value
        }

        func number(_ element: XMLElement, _ key: String, default fallback: Double? = nil) throws(LevelError) -> Double {
            guard let text = element.attributes[key] else {
                if let fallback { return fallback }
                throw error(element, "missing attribute \(key)")
            }
            guard let value = Double(text), value.isFinite else { throw error(element, "attribute \(key)='\(TerminalText.excerpt(text))' is not a number") }
            return value
        }
    }
}
