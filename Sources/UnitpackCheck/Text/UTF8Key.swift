/// A String as a dictionary key by its UTF-8 bytes, hashed and compared as
/// bytes. A String hashes its canonical form, and so normalises every text
/// that is not ASCII at every hash (some 2,000 instructions for a Russian
/// word; the checks and the composer look words up hundreds of thousands of
/// times). For NFC text (a folded word, `BuildFolding.fold`; a skeleton,
/// `NameText.skeleton`) the bytes are the canonical form: two keys are
/// equal exactly when the Strings are. For a cache any text will do (a
/// text of other bytes but the same canonical form only misses).
public struct UTF8Key: Hashable, Sendable {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public static func == (a: UTF8Key, b: UTF8Key) -> Bool {
        UTF8Order.compare(a.text, b.text) == 0
    }

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
        // A terminator, as String's own hash has: keys in a tuple stay apart.
        hasher.combine(0xFF as UInt8)
    }
}
