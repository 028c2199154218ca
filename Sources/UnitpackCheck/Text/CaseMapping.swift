/// `String.lowercased()` and `uppercased()`, the same text, by table. The
/// standard library maps a text that is not ASCII scalar by scalar, building
/// a String of each scalar's mapping (`Unicode.Scalar.Properties`), some
/// 6,000 instructions for a Russian word; the build lower-cases every word
/// of every language several times (a tenth of its time). Here the mappings
/// of U+0000–U+07FF (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic) are
/// made once, and a scalar above asks the `changesWhen…` property before
/// its mapping is built (a CJK character never changes). Scalar by scalar
/// like the standard library (no context: `Σ` is `σ` at a word's end too),
/// which `CaseMappingTests` checks against it.
enum CaseMapping {
    /// The scalars below this are in the tables.
    static let tableLimit: UInt32 = 0x800

    /// A scalar's mapping in UTF-8 (itself where it has none): up to 8
    /// bytes, the first in the low byte, and how many. A count of 0: longer
    /// (none below U+0800 is), asked of the properties.
    struct Mapping {
        var bytes: UInt64
        var count: UInt8

        init(_ text: String) {
            let utf8 = Array(text.utf8)
            count = utf8.count <= 8 ? UInt8(utf8.count) : 0
            bytes = count == 0 ? 0 : utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    private static let lower = table { $0.properties.lowercaseMapping }
    private static let upper = table { $0.properties.uppercaseMapping }

    private static func table(_ mapping: (Unicode.Scalar) -> String) -> [Mapping] {
        // No surrogate below U+0800: every value is a scalar.
        (0..<tableLimit).map { Mapping(mapping(Unicode.Scalar($0)!)) }
    }

    static func lowercased(_ text: String) -> String {
        String(decoding: lowercasedBytes(text), as: UTF8.self)
    }

    /// `lowercased(text)` in UTF-8.
    static func lowercasedBytes(_ text: String) -> [UInt8] {
        mapped(text, table: lower) { scalar in
            scalar.properties.changesWhenLowercased ? scalar.properties.lowercaseMapping : nil
        }
    }

    static func uppercased(_ text: String) -> String {
        let bytes = mapped(text, table: upper) { scalar in
            scalar.properties.changesWhenUppercased ? scalar.properties.uppercaseMapping : nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with each scalar replaced by its mapping (`beyond` the table:
    /// nil keeps it), written as bytes: appending scalars to a String one
    /// by one cost more than the mapping saved.
    private static func mapped(_ text: String, table: [Mapping], beyond: (Unicode.Scalar) -> String?) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        table.withUnsafeBufferPointer { table in
            for scalar in text.unicodeScalars {
                if scalar.value < tableLimit, case let mapping = table[Int(scalar.value)], mapping.count > 0 {
                    var packed = mapping.bytes
                    for _ in 0..<mapping.count {
                        bytes.append(UInt8(truncatingIfNeeded: packed))
                        packed >>= 8
                    }
                } else if let mapping = beyond(scalar) {
                    bytes += mapping.utf8
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
        return bytes
    }
}
