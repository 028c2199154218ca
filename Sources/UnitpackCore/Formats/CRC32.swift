/// CRC-32 (ISO-HDLC, the one of zlib, PNG and gzip: polynomial 0xEDB88320
/// reflected, initial and final XOR 0xFFFFFFFF), for the search pack's shards.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    public static func checksum(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return ~value
    }
}

extension CRC32 {
    /// `checksum` over raw bytes without a generic call per byte: the
    /// database's row checksums run it on every row a reader decodes.
    public static func checksum(raw bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        table.withUnsafeBufferPointer { table in
            for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        }
        return ~value
    }
}
