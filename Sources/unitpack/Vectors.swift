import UnitpackReview
import UnitpackRuntime

/// SplitMix64: the generator of docs/vectors.md, written out so that the
/// choices do not depend on how a Swift version maps random bits to a range.
struct VectorRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (the modulo's bias is immaterial here).
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
}

/// The vector files' contents, one method a file.
struct Vectors {
    let snapshot: DatabaseSnapshot
    let database: UnitDatabase
    let search: SearchPack
    let source: String
    var random: VectorRandom

    init(snapshot: DatabaseSnapshot, database: UnitDatabase, search: SearchPack, source: String, seed: UInt64) {
        self.snapshot = snapshot
        self.database = database
        self.search = search
        self.source = source
        random = VectorRandom(state: seed)
    }

    /// A file: a header naming the data, then one case a line.
    func file(_ kind: String, _ cases: [JSONValue], extra: [(String, JSONValue)] = []) -> String {
        var text = "{\"format\": \"unitpack-vectors\", \"version\": 1, \"kind\": " + JSONValue.string(kind).text
        text += ", \"source_sha256\": " + JSONValue.string(source).text
        text += ", \"database_format\": \(snapshot.formatVersion)"
        for (key, value) in extra { text += ", " + JSONValue.string(key).text + ": " + value.text }
        text += ",\n\"cases\": ["
        for (index, value) in cases.enumerated() { text += (index == 0 ? "\n" : ",\n") + value.text }
        return text + "\n]}\n"
    }

    /// A seeded value: four significant digits, from 10^-3 to 10^4.
    mutating func seededValue() -> Double {
        let mantissa = 1000 + random.below(9000)
        let exponent = random.below(8) - 3
        let text = "\(mantissa)e\(exponent - 3)"
        return Double(text) ?? 1
    }
}
