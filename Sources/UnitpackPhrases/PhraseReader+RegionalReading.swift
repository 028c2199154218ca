import UnitpackCore
import UnitpackDatabase

extension PhraseReader {
    /// `reading` with every unit that reads otherwise in `region` replaced
    /// (the value, its parts and its targets), the value recomputed from the
    /// parts as typed; nil when no unit of it does. `phrase` is the text the
    /// reading came from.
    public func regionalReading(of reading: PhraseReading, phrase: String, region: String) throws(UnitDatabaseError)
        -> PhraseReading?
    {
        try self.reading(reading) { unit throws(UnitDatabaseError) in
            try database.regionalReading(of: unit, words: phrase, region: region, language: reading.language)
        }
    }

    /// `reading` with each unit that `other` maps to another replaced (the
    /// value's, its parts' and its targets'), the value recomputed from the
    /// parts as typed; nil when `other` maps none, or when the parts sum past
    /// a Double's range in the new unit.
    func reading(_ reading: PhraseReading, other: (MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit?) throws(UnitDatabaseError)
        -> PhraseReading?
    {
        var changed = false
        func mapped(_ unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit {
            guard let replaced = try other(unit), replaced != unit else { return unit }
            changed = true
            return replaced
        }
        let from = try mapped(reading.from)
        var parts: [PhraseQuantity] = []
        for part in reading.parts {
            var part = part
            part.unit = try mapped(part.unit)
            parts.append(part)
        }
        var targets: [MeasureUnit] = []
        for target in reading.targets { targets.append(try mapped(target)) }
        guard changed else { return nil }
        var value = 0.0
        // A sum past a Double's range has no such reading.
        for part in parts {
            do {
                value += try database.convert(part.value, from: part.unit, to: from)
            } catch .conversionFailed {
                return nil
            }
        }
        guard value.isFinite else { return nil }
        var result = reading
        result.from = from
        result.parts = parts
        result.targets = targets
        result.value = reading.parts.count == 1 ? reading.value : value
        return result
    }
}
