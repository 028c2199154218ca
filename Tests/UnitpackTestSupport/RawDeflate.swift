import CZlib

/// Raw deflate data (RFC 1951, no zlib header) through zlib, with a preset
/// dictionary: zlib is what the runtime's own decoder of the shards
/// (`FixedBlockInflater`) is held to, by its tests and the `shard-stream`
/// fuzz target.
public enum RawDeflate {
    /// zlib's raw deflate data of `bytes` at its best level with `strategy`
    /// (`Z_FIXED`: fixed Huffman codes, as the pack's writer asks) and the
    /// preset `dictionary`; with `flushEvery`, a partial flush after each
    /// that many bytes (each ends a block and sends an empty fixed one).
    public static func deflate(_ bytes: [UInt8], dictionary: [UInt8], strategy: Int32, flushEvery: Int? = nil) -> [UInt8] {
        var stream = z_stream()
        precondition(
            deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, strategy, ZLIB_VERSION,
                          Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        if !dictionary.isEmpty {
            let status = dictionary.withUnsafeBufferPointer { deflateSetDictionary(&stream, $0.baseAddress, uInt($0.count)) }
            precondition(status == Z_OK)
        }
        var output = [UInt8](repeating: 0, count: 2 * bytes.count + 1024)
        var produced = 0
        let chunk = max(1, flushEvery ?? bytes.count)
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + chunk)
            let flush = end == bytes.count ? Z_FINISH : Z_PARTIAL_FLUSH
            let status = output.withUnsafeMutableBufferPointer { out in
                bytes.withUnsafeBufferPointer { input in
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress.map { $0 + offset })
                    stream.avail_in = uInt(end - offset)
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = uInt(out.count - produced)
                    let status = CZlib.deflate(&stream, flush)
                    produced = out.count - Int(stream.avail_out)
                    return status
                }
            }
            precondition(status == (flush == Z_FINISH ? Z_STREAM_END : Z_OK))
            offset = end
        } while offset < bytes.count
        return Array(output.prefix(produced))
    }

    /// zlib's bytes of raw deflate data with the preset `dictionary`, when
    /// it reads the data to its last byte (none left over) and gives at
    /// most `limit` bytes; else nil.
    public static func inflate(_ body: [UInt8], dictionary: [UInt8], limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        if !dictionary.isEmpty {
            _ = dictionary.withUnsafeBufferPointer { inflateSetDictionary(&stream, $0.baseAddress, uInt($0.count)) }
        }
        // One byte of room more than the limit, to tell a longer output.
        var output = [UInt8](repeating: 0, count: limit + 1)
        // Four bytes past the data (a zlib stream's Adler-32), never read.
        let input = body + [0, 0, 0, 0]
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = output.count - Int(stream.avail_out)
        guard status == Z_STREAM_END, Int(stream.avail_in) == 4, produced <= limit else { return nil }
        return Array(output.prefix(produced))
    }
}
