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
        var changed = false
        func mapped(_ unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit {
            guard let other = try database.regionalReading(of: unit, words: phrase, region: region, language: reading.language) else { return unit }
            changed = true
            return other
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
        // A sum past a Double's range has no regional reading.
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
