import UnitpackCore
import UnitpackDatabase

/// The reading that fits: when the units as written do not convert, the
/// ways `units-src/relations.tsv` allows to read them so that they do (the
/// difference of a scale, another meaning of a word, a category that
/// measures the same thing), tried in that order (docs/phrases.md). No unit
/// is named here: every relation is data.
extension PhraseReader {
    /// The parts and targets with every unit of a scale read as its
    /// difference (`temperature difference of 20 °C in °F`), and whether any was.
    func asDifferences(_ parts: [FoundPart], _ targets: [Found]?) throws(UnitDatabaseError)
        -> (parts: [FoundPart], targets: [Found]?, changed: Bool)
    {
        var changed = false
        func map(_ found: Found) throws(UnitDatabaseError) -> Found {
            var mapped = Found(units: [], language: found.language, guess: found.guess)
            for unit in found.units {
                let difference = try database.differenceUnit(of: unit)
                if difference != nil { changed = true }
                let reading = difference ?? unit
                if !mapped.units.contains(reading) { mapped.units.append(reading) }
            }
            return mapped
        }
        var mappedParts: [FoundPart] = []
        for part in parts { mappedParts.append(FoundPart(value: part.value, units: try map(part.units), significantDigits: part.significantDigits)) }
        guard let targets else { return (mappedParts, nil, changed) }
        var mappedTargets: [Found] = []
        for target in targets { mappedTargets.append(try map(target)) }
        return (mappedParts, mappedTargets, changed)
    }

    /// Readings of a one-part value and a one-unit target of no shared
    /// category, by the first rule that gives any: the target as a
    /// difference when the value is one (`5 Δ°C in °F`), another meaning of
    /// either word (`12 oz in ml`, `10 N in lb`), categories that measure the
    /// same thing (`1 rpm in Hz`). Empty when none applies.
    func fitted(_ part: FoundPart, _ targets: [MeasureUnit], language: String?) throws(UnitDatabaseError) -> [PhraseReading] {
        var readings: [PhraseReading] = []
        func add(_ from: MeasureUnit, _ to: MeasureUnit, _ fit: PhraseFit) {
            guard !readings.contains(where: { $0.from == from && $0.targets == [to] }) else { return }
            let parts = [PhraseQuantity(value: part.value, unit: from, significantDigits: part.significantDigits)]
            readings.append(PhraseReading(value: part.value, from: from, parts: parts, targets: [to], language: language, fit: fit))
        }
        let sources = part.units.units
        for source in sources where try database.absoluteUnit(ofDifference: source) != nil {
            for target in targets {
                if let difference = try database.differenceUnit(of: target), difference.category == source.category {
                    add(source, difference, .targetAsDifference)
                }
            }
        }
        if !readings.isEmpty { return readings }
        for pair in try database.alsoPairs(sources, targets) { add(pair.from, pair.to, .otherMeaning(written: pair.written)) }
        if !readings.isEmpty { return readings }
        for source in sources {
            for target in targets where try database.sameQuantityFactor(from: source.category, to: target.category) != nil {
                add(source, target, .sameQuantity)
            }
        }
        return readings
    }
}
