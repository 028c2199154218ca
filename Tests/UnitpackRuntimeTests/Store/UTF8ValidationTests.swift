import Testing
import UnitpackStore
import UnitpackTestSupport

/// `UTF8Validation.isValid` says yes exactly where decoding the bytes as
/// UTF-8 changes nothing: the readers of phrase words and blocks of names
/// refuse a text it refuses, and nothing else.
@Suite struct UTF8ValidationTests {
    /// What the standard library keeps unchanged when it decodes: the oracle.
    static func decodesUnchanged(_ bytes: [UInt8]) -> Bool {
        Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    @Test(arguments: [
        ([], true),
        ([0x41], true),
        ([0x00], true),
        ([0xC2, 0x80], true),
        ([0xDF, 0xBF], true),
        ([0xE0, 0xA0, 0x80], true),
        ([0xED, 0x9F, 0xBF], true),
        ([0xEF, 0xBF, 0xBF], true),
        ([0xF0, 0x90, 0x80, 0x80], true),
        ([0xF4, 0x8F, 0xBF, 0xBF], true),
        // Overlong forms.
        ([0xC0, 0x80], false),
        ([0xC1, 0xBF], false),
        ([0xE0, 0x9F, 0xBF], false),
        ([0xF0, 0x8F, 0xBF, 0xBF], false),
        // Surrogates, and past U+10FFFF.
        ([0xED, 0xA0, 0x80], false),
        ([0xED, 0xBF, 0xBF], false),
        ([0xF4, 0x90, 0x80, 0x80], false),
        ([0xF5, 0x80, 0x80, 0x80], false),
        // Cut short, a continuation alone, bytes UTF-8 never has.
        ([0xC2], false),
        ([0xE2, 0x82], false),
        ([0xF0, 0x9F, 0x98], false),
        ([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0xE2, 0x82], false),
        ([0x80], false),
        ([0xE2, 0x41, 0x82], false),
        ([0xFE], false),
        ([0xFF], false),
    ] as [([UInt8], Bool)])
    func theStandardsTable(bytes: [UInt8], valid: Bool) {
        #expect(UTF8Validation.isValid(bytes) == valid)
        #expect(Self.decodesUnchanged(bytes) == valid)
    }

    /// Seeded random texts: runs of ASCII (the eight-byte steps), encoded
    /// scalars of every length, and stray bytes among them.
    @Test func agreesWithDecodingOnRandomBytes() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes += (0..<Int.random(in: 1...17, using: &random)).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
                case 1:
                    let scalar = [0x7F, 0x7FF, 0xFFFF, 0x10FFFF].randomElement(using: &random)!
                    if let valid = Unicode.Scalar(UInt32.random(in: 0...UInt32(scalar), using: &random)) { bytes += Array(String(valid).utf8) }
                case 2: bytes.append(UInt8.random(in: 0x80...0xFF, using: &random))
                default:
                    // A valid scalar with one byte dropped or changed.
                    var encoded = Array(String(Unicode.Scalar(UInt32.random(in: 0x80...0xD7FF, using: &random))!).utf8)
                    if Bool.random(using: &random) { encoded.removeLast() } else { encoded[Int.random(in: 0..<encoded.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
                    bytes += encoded
                }
            }
            #expect(UTF8Validation.isValid(bytes) == Self.decodesUnchanged(bytes), "seed \(seed): \(bytes)")
        }
    }
}
