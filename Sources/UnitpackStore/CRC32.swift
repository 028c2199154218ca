import CZlib

/// CRC-32 (ISO-HDLC: zlib's, PNG's and gzip's), the one checksum of the
/// artifacts: the database's row checksums (`RowChecksum`) and the search
/// pack's shards and tables. zlib computes it (every reader links zlib for
/// the pack already); its `crc` argument continues a checksum over pieces.
package enum CRC32 {
    package static func checksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum(raw: $0, continuing: crc) }
    }

    package static func checksum(raw bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        // zlib answers 0 for a NULL buffer whatever `crc` is: an empty piece
        // leaves the running value as it is.
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return UInt32(truncatingIfNeeded: crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }
}
