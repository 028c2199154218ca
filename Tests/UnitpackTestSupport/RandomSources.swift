/// Random but valid source trees for round-trip tests: what goes in must come
/// out of the database unchanged.
public struct RandomSources {
    public struct Unit: Sendable {
        public var category: String
        public var name: String
        public var symbols: [String]
        /// Base units in one unit (linear units), or the constant k of an
        /// inverse unit `k/X`, or nil for an affine formula unit.
        public var factor: Double?
        public var inverse: Bool
        /// For affine formula units: base = X*scale + offset.
        public var affine: (scale: Double, offset: Double)?
        public var priority: Double
        public var tag: String
    }

    public var files: [String: String] = [:]
    public var units: [Unit] = []

    static let tags = ["si", "siAdd", "siAdd2", "imp", "impAdd", "us", "uk", "historic", "other"]
    /// The letters of a category's names and symbols: Latin in one, Cyrillic
    /// in the next. A word of both would be refused (E112: `mеter` with a
    /// Cyrillic `е`), as would two that differ only in script (E113).
    static let alphabets = [Array("abcdefghijklmnopqrstuvwxyzé"), Array("абвгдежзиклмнопрстуфхцчшщыэюя")]

    public init(seed: UInt64, categories: Int = 4, unitsPerCategory: Int = 12) {
        var rng = SeededGenerator(seed: seed)
        var categoriesText = "# key\torder\tbase\tdimension\n"
        var idsText = ""
        var nextID = 1
        for c in 0..<categories {
            let key = "cat\(c)"
            // A dimension no random symbol spells, so E501 never applies by accident.
            categoriesText += "\(key)\t\(c * 10)\tbase \(c)\tkg^\(c + 5)/s^3\n"
            var text = "# random category \(c), seed \(seed)\n"
            var usedNames = Set<String>()
            var usedSymbols = Set<String>()
            for u in 0..<unitsPerCategory {
                let letters = Self.alphabets[c % Self.alphabets.count]
                var name = u == 0 ? "base \(c)" : Self.word(&rng, letters)
                while !usedNames.insert(name.lowercased()).inserted { name += Self.word(&rng, letters) }
                var symbols: [String] = []
                for _ in 0..<Int.random(in: 0...2, using: &rng) {
                    var symbol = Self.word(&rng, letters, length: 1...3) + "\(u)"
                    while !usedSymbols.insert(symbol).inserted { symbol += "x" }
                    if usedNames.contains(symbol.lowercased()) { continue }
                    symbols.append(symbol)
                }
                let priority = Double(Int.random(in: 0...50, using: &rng)) / 10
                let tag = Self.tags.randomElement(using: &rng)!
                var unit = Unit(
                    category: key, name: name, symbols: symbols, factor: nil, inverse: false, affine: nil,
                    priority: priority, tag: tag)
                let definition: String
                switch u == 0 ? 0 : Int.random(in: 0...9, using: &rng) {
                case 0...6:
                    let factor = u == 0 ? 1 : Self.positive(&rng)
                    unit.factor = factor
                    definition = u == 0 ? "1" : "\(factor)"
                case 7, 8:
                    let scale = Self.positive(&rng)
                    // The offset is a number of the unit's own steps (°F: 459.67),
                    // not of base units: a step of 1e-8 after an offset of 90 base
                    // units would leave no digit of a small value (E405).
                    let offset = Double(Int.random(in: -500...500, using: &rng)) / 4 * scale
                    unit.affine = (scale, offset)
                    definition = "FORMULAE(X*\(scale)+\(offset),(X-\(offset))/\(scale))"
                default:
                    let k = Self.positive(&rng)
                    unit.factor = k
                    unit.inverse = true
                    definition = Bool.random(using: &rng) ? "\(k)" : "FORMULAE(\(k)/X,\(k)/X)"
                }
                units.append(unit)
                text += "\(unit.inverse ? "^" : "")\(name)\t\(symbols.joined(separator: ","))\t\(definition)\t\(priority)\t\(tag)\n"
                idsText += "\(nextID)\t\(key)\t\(name)\n"
                nextID += 1
            }
            files["units-src/\(key).tsv"] = text
        }
        files["units-src/categories.tsv"] = categoriesText
        files["units-src/ids.tsv"] = idsText
    }

    /// A decimal with a few significant digits, across many magnitudes.
    static func positive(_ rng: inout SeededGenerator) -> Double {
        let mantissa = Double(Int.random(in: 1...99_999, using: &rng)) / 1000
        let exponent = Int.random(in: -8...8, using: &rng)
        return Double("\(mantissa)e\(exponent)")!
    }

    static func word(_ rng: inout SeededGenerator, _ letters: [Character], length: ClosedRange<Int> = 3...9) -> String {
        String((0..<Int.random(in: length, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
    }
}
