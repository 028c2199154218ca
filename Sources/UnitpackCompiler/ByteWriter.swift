/// Little-endian integers and LEB128 varints, for the search pack's writer.
/// Build-only: the runtime reads them with UnitpackCore's `ByteReader` and
/// never writes, so this stays out of an app's link (docs/platforms.md).
struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    init() {}

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
    mutating func append(_ data: some Sequence<UInt8>) { bytes += data }
}
