/// A string hashed and compared by its UTF-8 bytes, as SQLite compares the
/// names: no Unicode normalisation, which Swift's `String` runs on every hash
/// of non-ASCII text (a tenth of parsing a Russian phrase went there). The
/// database's texts are NFC; a text in another normal form matches neither
/// SQLite nor these keys.
struct ByteString: Hashable, Sendable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (a: ByteString, b: ByteString) -> Bool {
        a.string.utf8.count == b.string.utf8.count && a.string.utf8.elementsEqual(b.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var string = self.string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
