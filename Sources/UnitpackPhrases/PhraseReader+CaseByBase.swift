import UnitpackCore
import UnitpackDatabase

/// `1.5tb to gb`, `2 gb in mb`: symbols typed without their case, whose
/// case decides the unit (`tb`: the terabyte `TB` or the terabit `Tb`;
/// `mb`: `MB`, `Mb`, and the millibar's `mb` as written). People type data
/// sizes so; a size converted to another size of the same unit is what they
/// ask. Where the case leaves several spellings, the readings whose quantity
/// and target are prefixes of one unit (`TB` and `GB`: the byte) are kept,
/// when that leaves one spelling of each such word: the word is read so, a
/// guess every output shows (`PhraseGuess.Kind.caseOfUnit`). The units and
/// prefixes are the data's and the SI's; no unit is named here
/// (docs/phrases.md, "A symbol whose case decides").
extension PhraseReader {
    /// `readings` narrowed to those whose source and target are one unit
    /// prefixed, each with the guess of the spelling each case-deciding word
    /// of `founds` was read in; nil when that leaves no reading, or several
    /// spellings of a word that give different numbers. Several that give
    /// one number (`tb` and `gb`: terabytes in gigabytes, or terabits in
    /// gigabits) are all kept, the units `units-src/` ranks higher first
    /// (the byte before the bit): the others are their alternatives.
    func narrowedByBase(_ readings: [PhraseReading], _ founds: [CaseWord]) throws(UnitDatabaseError) -> [PhraseReading]? {
        var kept: [(reading: PhraseReading, result: Double)] = []
        for reading in readings where reading.parts.count == 1 && reading.targets.count == 1 {
            guard try sameBase(reading.from, reading.targets[0]) else { continue }
            let result: Double
            do {
                result = try database.convert(reading.value, from: reading.from, to: reading.targets[0])
            } catch .conversionFailed {
                // Past a Double's range in the target (`1e300 hundred tb in
                // kb`): no number tells the spellings apart; converting the
                // reading says so when it is asked.
                result = .infinity
            }
            kept.append((reading, result))
        }
        guard let first = kept.first else { return nil }
        if Self.caseProblem(kept.map(\.reading), founds) != nil {
            guard kept.allSatisfy({ abs($0.result - first.result) <= 1e-9 * abs(first.result) }) else { return nil }
        }
        let ranked = kept.map(\.reading).enumerated().sorted { a, b in
            let (left, right) = (a.element.from.priority + a.element.targets[0].priority, b.element.from.priority + b.element.targets[0].priority)
            return left != right ? left > right : a.offset < b.offset
        }
        return Self.withSpellings(ranked.map(\.element), founds)
    }

    /// `readings` without those that convert a unit to itself, when the rest
    /// read each case-deciding word of `founds` in one spelling (`100 mbps in
    /// MB/s`: `MBps` would be `MB/s` itself, so `mbps` is `Mbps`), with the
    /// spelling read a guess; nil otherwise.
    static func narrowedByAsking(_ readings: [PhraseReading], _ founds: [CaseWord]) -> [PhraseReading]? {
        let asked = readings.filter { $0.targets != [$0.from] }
        guard !asked.isEmpty, asked.count < readings.count, caseProblem(asked, founds) == nil else { return nil }
        return withSpellings(asked, founds)
    }

    /// Each reading with the spelling of each case-deciding word of `founds` it read, a guess.
    static func withSpellings(_ readings: [PhraseReading], _ founds: [CaseWord]) -> [PhraseReading] {
        readings.map { reading in
            var reading = reading
            for (found, isTarget) in founds {
                guard let (word, spellings) = found.caseDecides else { continue }
                let units = isTarget ? reading.targets : reading.parts.map(\.unit)
                for spelling in spellings where units.contains(where: spelling.units.contains) {
                    let guess = PhraseGuess(kind: .caseOfUnit, word: word, readAs: spelling.spelling)
                    if !reading.guesses.contains(guess) { reading.guesses.append(guess) }
                }
            }
            return reading
        }
    }

    /// Whether `a` and `b` are one unit, each with a prefix or none (`TB`
    /// and `GB`, `MB` and `B`): the unit left once a prefix's symbol is
    /// taken off a symbol, found as written, of the category and worth the
    /// prefix's factor.
    private func sameBase(_ a: MeasureUnit, _ b: MeasureUnit) throws(UnitDatabaseError) -> Bool {
        guard a.category == b.category, a != b else { return false }
        let first = try bases(of: a)
        return try !first.isDisjoint(with: bases(of: b))
    }

    /// The unit itself and the units it is a prefix of.
    private func bases(of unit: MeasureUnit) throws(UnitDatabaseError) -> Set<UnitID> {
        var found: Set<UnitID> = [unit.id]
        guard case .linear = unit.conversion else { return found }
        for symbol in unit.symbols {
            for (prefix, written) in UnitPrefix.symbolPrefixes(of: symbol[...]) {
                let rest = String(symbol.dropFirst(written.count))
                for base in try database.candidates(for: rest, preferring: nil)
                where base.category == unit.category && base.symbols.contains(rest) {
                    let worth = try database.convert(1, from: unit, to: base)
                    if abs(worth - prefix.factor) <= 1e-9 * prefix.factor { found.insert(base.id) }
                }
            }
        }
        return found
    }
}
