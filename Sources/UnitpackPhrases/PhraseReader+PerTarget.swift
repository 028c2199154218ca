import UnitpackCore
import UnitpackDatabase

/// `时速120公里是多少英里`, `100 km/h in miles`: a quantity of a unit that is
/// one unit per another (its symbol says so: `km/h`), converted to a unit of
/// the first one's category (`mile`), is read as converted to that unit per
/// the same second one (`mile per hour`), when the quantity's category lists
/// it: a guess every output shows (docs/phrases.md, "Guesses"). Only from
/// the data: the symbols of `units-src/` and the units they list.
extension PhraseReader {
    /// Readings of `parts` with `targets` read per the quantity's unit's
    /// second unit; nil when the quantity is no such unit, or the target
    /// no unit of its first unit's category, or no listed unit is the one.
    func targetPerQuantity(_ parts: [FoundPart], _ targets: [Found], _ reader: inout Reader) throws(UnitDatabaseError) -> Outcome? {
        guard parts.count == 1, targets.count == 1, let words = targets[0].words else { return nil }
        var named = targets[0].units
        if let others = try otherUnits(words, than: targets[0], languages: reader.languages) { named += others.units }
        for source in parts[0].units.units {
            for symbol in source.symbols {
                if reader.countStepIsOver() { return nil }
                guard let numerator = try perNumerator(symbol) else { continue }
                for target in named where target.category == numerator.category && target.category != source.category {
                    // One target per the second unit is worth, in `numerator`
                    // per it (the quantity's unit), what one target is in `numerator`.
                    let wanted = try database.convert(1, from: target, to: numerator)
                    guard let per = try listedUnit(worth: wanted, of: source) else { continue }
                    let outcome = try assemble(parts, [Found(units: [per], language: targets[0].language)], &reader)
                    guard case .success(let readings) = outcome else { continue }
                    let guess = PhraseGuess(kind: .per, word: Phrase.joined(words, folded: false), readAs: per.name)
                    return .success(readings.map { reading in
                        var reading = reading
                        reading.guesses.insert(guess, at: 0)
                        return reading
                    })
                }
            }
        }
        return nil
    }

    /// The first unit of a symbol written `A/B` (`km/h`: the kilometre),
    /// the first its symbol names, when `B` names a unit too; nil for any
    /// other symbol (`kph`; `l/100km`: a number). The build checks that a
    /// symbol written so spells the unit's definition (E501).
    func perNumerator(_ symbol: String) throws(UnitDatabaseError) -> MeasureUnit? {
        let halves = symbol.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, try !database.candidates(for: String(halves[1]), preferring: nil).isEmpty else { return nil }
        return try database.candidates(for: String(halves[0]), preferring: nil).first
    }

    /// The listed unit of `unit`'s category worth `wanted` of `unit` (`mile
    /// per hour`: 1.609… `km/h`), within a billionth; the first in
    /// `clusters.tsv`'s order when several are.
    private func listedUnit(worth wanted: Double, of unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit? {
        guard wanted.isFinite, wanted > 0 else { return nil }
        for candidate in try database.listedUnits(of: unit.category) where candidate != unit {
            guard case .linear = candidate.conversion else { continue }
            let worth = try database.convert(1, from: candidate, to: unit)
            if abs(worth - wanted) <= 1e-9 * wanted { return candidate }
        }
        return nil
    }
}
