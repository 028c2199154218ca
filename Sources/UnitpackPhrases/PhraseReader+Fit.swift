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
            // The words stay: their other meanings are read as differences too (`otherMeanings`).
            var mapped = Found(units: [], language: found.language, guess: found.guess, caseDecides: found.caseDecides, words: found.words)
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

    /// Readings of a one-part value and a one-unit target that do not
    /// convert as found, with the other units their words name, in any
    /// language (`-40 c to f`: the cup and the farad found first, the
    /// degrees Celsius and Fahrenheit also named): every pair of one
    /// category, with at least one side read another way
    /// (`PhraseFit.otherMeaning`, shown with the answer, which names the
    /// units it read). Empty when no pair converts.
    func otherMeanings(_ part: FoundPart, _ target: Found, language: String?, _ reader: inout Reader) throws(UnitDatabaseError)
        -> [PhraseReading]
    {
        // A symbol whose case decides the unit (`Mc`) is read in its case or
        // refused: no other meaning, but for the spelling that is a prefix of
        // the other side's unit (`2 gb in mb`: `MB`, not the millibar's `mb`;
        // `narrowedByBase`).
        var caseWords = [(found: part.units, isTarget: false), (found: target, isTarget: true)].filter { $0.found.caseDecides != nil }
        for (found, isTarget) in [(part.units, false), (target, true)] where found.caseDecides == nil {
            guard let words = found.words, words.count == 1, let word = words.first else { continue }
            reader.countStep()
            if let decided = try caseDecided(Self.trimmingPunctuation(word.text), [], languages: reader.languages) {
                caseWords.append((decided, isTarget))
            }
        }
        var sources = part.units.units.map { (unit: $0, written: true) }
        var targets = target.units.map { (unit: $0, written: true) }
        // Where the phrase names a difference, the other units of a scale are its difference too
        // (`a drop of 15 degrees F in C`: `C`, the coulomb, also names the degree Celsius).
        func read(_ unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit {
            guard reader.difference, let difference = try database.differenceUnit(of: unit) else { return unit }
            return difference
        }
        if let words = part.units.words, reader.countStepIsOver() == false,
            let others = try otherUnits(words, than: part.units, languages: reader.languages)
        {
            // Letters that are also a symbol whose case decides (`Mc`: `mC`, `MC`): that word is read in its case or refused.
            if others.caseDecides != nil { caseWords.append((others, false)) }
            for unit in others.units { sources.append((unit: try read(unit), written: false)) }
        }
        if let words = target.words, reader.countStepIsOver() == false,
            let others = try otherUnits(words, than: target, languages: reader.languages)
        {
            if others.caseDecides != nil { caseWords.append((others, true)) }
            for unit in others.units { targets.append((unit: try read(unit), written: false)) }
        }
        var readings: [PhraseReading] = []
        for source in sources {
            for to in targets where to.unit.category == source.unit.category && !(source.written && to.written) {
                guard !readings.contains(where: { $0.from == source.unit && $0.targets == [to.unit] }) else { continue }
                let written = source.written ? target.units[0] : part.units.units[0]
                let parts = [PhraseQuantity(value: part.value, unit: source.unit, significantDigits: part.significantDigits)]
                readings.append(
                    PhraseReading(
                        value: part.value, from: source.unit, parts: parts, targets: [to.unit], language: language,
                        fit: .otherMeaning(written: written)))
            }
        }
        guard !caseWords.isEmpty, !readings.isEmpty else { return readings }
        return try narrowedByBase(readings, caseWords) ?? []
    }
}
