import KoalioCore

/// Why compressed layer data could not be expanded.
public struct InflateError: Error, Sendable, Equatable {
    public var reason: String
}

/// DEFLATE decoding (RFC 1951) with the zlib (RFC 1950) and gzip (RFC 1952) wrappers Tiled uses
/// for compressed layer data.
///
/// A small pure-Swift decoder instead of linking zlib keeps the simulation target free of
/// system libraries; tile layers are a few kilobytes, so speed is not a concern here.
public enum Inflate {
    /// Decodes a zlib stream and checks its Adler-32.
    public static func zlib(_ data: [UInt8]) throws(InflateError) -> [UInt8] {
        guard data.count >= 6 else { throw InflateError(reason: "zlib stream too short") }
        let cmf = data[0], flg = data[1]
        guard cmf & 0x0F == 8, (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else {
            throw InflateError(reason: "not a zlib stream")
        }
        guard flg & 0x20 == 0 else { throw InflateError(reason: "zlib preset dictionaries are not supported") }
        var reader = BitReader(data: data, start: 2)
        let out = try inflate(&reader)
        let end = reader.byteAlignedPosition
        guard end + 4 <= data.count else { throw InflateError(reason: "zlib stream truncated") }
        let expected = data[end..<(end + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard adler32(out) == expected else { throw InflateError(reason: "zlib checksum mismatch") }
        return out
    }

    /// Decodes a gzip member and checks its CRC-32 and length.
    public static func gzip(_ data: [UInt8]) throws(InflateError) -> [UInt8] {
        guard data.count >= 18, data[0] == 0x1F, data[1] == 0x8B, data[2] == 8 else {
            throw InflateError(reason: "not a gzip stream")
        }
        let flags = data[3]
        var position = 10
        if flags & 0x04 != 0 { // FEXTRA
            guard position + 2 <= data.count else { throw InflateError(reason: "gzip header truncated") }
            position += 2 + (Int(data[position]) | Int(data[position + 1]) << 8)
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 { // FNAME, FCOMMENT
            while position < data.count, data[position] != 0 { position += 1 }
            position += 1
        }
        if flags & 0x02 != 0 { position += 2 } // FHCRC
        guard position < data.count else { throw InflateError(reason: "gzip header truncated") }
        var reader = BitReader(data: data, start: position)
        let out = try inflate(&reader)
        let end = reader.byteAlignedPosition
        guard end + 8 <= data.count else { throw InflateError(reason: "gzip stream truncated") }
        let crc = littleEndian32(data, end)
        let size = littleEndian32(data, end + 4)
        guard crc == CRC32.of(out), size == UInt32(truncatingIfNeeded: out.count) else {
            throw InflateError(reason: "gzip checksum mismatch")
        }
        return out
    }

    private static func littleEndian32(_ d: [UInt8], _ i: Int) -> UInt32 {
        UInt32(d[i]) | UInt32(d[i + 1]) << 8 | UInt32(d[i + 2]) << 16 | UInt32(d[i + 3]) << 24
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    // MARK: - DEFLATE

    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                            35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                             3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                              513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
                                               8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func inflate(_ reader: inout BitReader) throws(InflateError) -> [UInt8] {
        var out: [UInt8] = []
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                try reader.storedBlock(into: &out)
            case 1:
                let (literals, distances) = fixedTables()
                try decodeBlock(&reader, literals, distances, &out)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try decodeBlock(&reader, literals, distances, &out)
            default:
                throw InflateError(reason: "invalid deflate block type")
            }
        }
        return out
    }

    private static func fixedTables() -> (Huffman, Huffman) {
        var lengths = [Int](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        // Both tables come from fixed, valid code lengths, so construction cannot fail.
        let literals = (try? Huffman(lengths: lengths)) ?? Huffman.empty
        let distances = (try? Huffman(lengths: [Int](repeating: 5, count: 30))) ?? Huffman.empty
        return (literals, distances)
    }

    private static func dynamicTables(_ reader: inout BitReader) throws(InflateError) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeLengthCount { codeLengths[codeLengthOrder[i]] = try reader.bits(3) }
        let codeLengthCode = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengthCode.decode(&reader)
            switch symbol {
            case 0...15:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw InflateError(reason: "repeat with no previous length") }
                lengths += [Int](repeating: previous, count: try reader.bits(2) + 3)
            case 17:
                lengths += [Int](repeating: 0, count: try reader.bits(3) + 3)
            default:
                lengths += [Int](repeating: 0, count: try reader.bits(7) + 11)
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw InflateError(reason: "too many code lengths") }
        return (try Huffman(lengths: Array(lengths[0..<literalCount])),
                try Huffman(lengths: Array(lengths[literalCount...])))
    }

    private static func decodeBlock(_ reader: inout BitReader, _ literals: Huffman, _ distances: Huffman,
                                    _ out: inout [UInt8]) throws(InflateError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let lengthIndex = symbol - 257
                guard lengthIndex < lengthBase.count else { throw InflateError(reason: "invalid length symbol") }
                let length = lengthBase[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < distanceBase.count else { throw InflateError(reason: "invalid distance symbol") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= out.count else { throw InflateError(reason: "distance reaches before the start") }
                let start = out.count - distance
                for k in 0..<length { out.append(out[start + k]) }
            }
        }
    }
}

/// Reads DEFLATE's least-significant-bit-first bit stream.
struct BitReader {
    let data: [UInt8]
    var position: Int
    var bitBuffer: UInt32 = 0
    var bitCount = 0

    init(data: [UInt8], start: Int) {
        self.data = data
        self.position = start
    }

    mutating func bits(_ count: Int) throws(InflateError) -> Int {
        while bitCount < count {
            guard position < data.count else { throw InflateError(reason: "compressed data truncated") }
            bitBuffer |= UInt32(data[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return value
    }

    /// The byte after the last one consumed, discarding the bits left in a partial byte.
    var byteAlignedPosition: Int { position - bitCount / 8 }

    mutating func storedBlock(into out: inout [UInt8]) throws(InflateError) {
        bitBuffer = 0
        position -= bitCount / 8
        bitCount = 0
        guard position + 4 <= data.count else { throw InflateError(reason: "compressed data truncated") }
        let length = Int(data[position]) | Int(data[position + 1]) << 8
        let complement = Int(data[position + 2]) | Int(data[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw InflateError(reason: "stored block length mismatch") }
        position += 4
        guard position + length <= data.count else { throw InflateError(reason: "compressed data truncated") }
        out.append(contentsOf: data[position..<(position + length)])
        position += length
    }
}

/// A canonical Huffman code, decoded bit by bit (count/symbol tables as in zlib's puff.c).
struct Huffman {
    var counts: [Int]
    var symbols: [Int]

    static let empty = Huffman(counts: [Int](repeating: 0, count: 16), symbols: [])

    private init(counts: [Int], symbols: [Int]) {
        self.counts = counts
        self.symbols = symbols
    }

    init(lengths: [Int]) throws(InflateError) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[length] += 1 }
        var left = 1
        for length in 1..<16 {
            left = left * 2 - counts[length]
            guard left >= 0 else { throw InflateError(reason: "over-subscribed Huffman code") }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
        counts[0] = 0
        self.counts = counts
        self.symbols = symbols
    }

    func decode(_ reader: inout BitReader) throws(InflateError) -> Int {
        var code = 0, first = 0, index = 0
        for length in 1..<16 {
            code |= try reader.bits(1)
            let count = counts[length]
            if code - count < first { return symbols[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw InflateError(reason: "invalid Huffman code")
    }
}
