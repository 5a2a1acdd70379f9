import CZlib

/// Why compressed layer data could not be inflated.
public struct ZlibError: Error, Sendable, Equatable {
    public var reason: String
}

/// System zlib behind the call levels need: inflating a layer's zlib or gzip stream into a
/// buffer of the size the layer must have (so a decompression bomb costs that much and no
/// more). (Replays take zlib's CRC-32 directly: ``ReplayFile``.)
public enum Zlib {
    public enum Format: Sendable {
        case zlib
        case gzip

        /// zlib's `windowBits`: 15 for a zlib header, +16 for a gzip one.
        var windowBits: Int32 { self == .zlib ? 15 : 15 + 16 }
    }

    /// Inflates `input` and returns exactly `expectedSize` bytes; a stream that holds more or
    /// fewer, or is corrupt, is an error. Never allocates more than `expectedSize` bytes.
    public static func inflate(_ input: [UInt8], format: Format, expectedSize: Int) throws(ZlibError) -> [UInt8] {
        guard expectedSize >= 0, let outputCapacity = UInt32(exactly: expectedSize), UInt32(exactly: input.count) != nil else {
            throw ZlibError(reason: "the data is too large")
        }
        var output = [UInt8](repeating: 0, count: expectedSize)
        var spare: UInt8 = 0
        var stream = z_stream()
        guard koalio_inflate_init2(&stream, format.windowBits) == Z_OK else { throw ZlibError(reason: "zlib could not start") }
        defer { inflateEnd(&stream) }
        let status: Int32 = input.withUnsafeBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
                stream.avail_in = UInt32(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = outputCapacity
                var result = CZlib.inflate(&stream, Z_FINISH)
                if result == Z_BUF_ERROR && stream.avail_out == 0 {
                    // The layer is full; one more byte tells "exactly full" from "too much".
                    withUnsafeMutablePointer(to: &spare) { spareByte in
                        stream.next_out = spareByte
                        stream.avail_out = 1
                        result = CZlib.inflate(&stream, Z_FINISH)
                        if stream.avail_out == 0 { result = Z_MEM_ERROR }  // a byte past the layer came out
                    }
                }
                return result
            }
        }
        switch status {
        case Z_STREAM_END:
            guard Int(stream.total_out) == expectedSize else {
                throw ZlibError(reason: "it inflates to \(stream.total_out) bytes, the layer needs \(expectedSize)")
            }
            return output
        case Z_MEM_ERROR:
            throw ZlibError(reason: "it inflates to more than the \(expectedSize) bytes the layer needs")
        case Z_BUF_ERROR:
            throw ZlibError(reason: "the stream ends early")
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
            throw ZlibError(reason: message)
        }
    }
}
