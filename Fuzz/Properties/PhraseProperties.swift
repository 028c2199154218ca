import UnitpackRuntime

/// `UnitDatabase.parse`: any text, in English, Russian or both, is understood
/// or not, never a trap; what is understood is a finite value in a unit of
/// the database; a mixed quantity's parts are of one category, largest first,
/// and add up to the value; targets are of one category, largest first, and
/// of the value's category unless the reading says why not (`1 rpm in Hz`).
enum PhraseProperties {
    static func check(_ input: [UInt8], in context: FuzzContext) -> String? {
        let database: UnitDatabase
        do {
            database = try context.database()
        } catch {
            return "\(error)"
        }
        let text = String(decoding: input, as: UTF8.self)
        for languages in [["en"], ["ru"], ["ru", "en"]] {
            let result: PhraseResult
            do {
                result = try database.parse(text, languages: languages, numbers: [.hexadecimal, .roman])
            } catch {
                return "\(text.debugDescription) (\(languages)): the database fails: \(error)"
            }
            if let problem = problem(in: result, of: text, database) { return problem }
        }
        return nil
    }

    /// What is wrong with the readings of `text`, or nil.
    static func problem(in result: PhraseResult, of text: String, _ database: UnitDatabase) -> String? {
            for reading in result.readings {
                guard reading.value.isFinite else { return "\(text.debugDescription) reads as \(reading.value)" }
                if let to = reading.to, to.category != reading.from.category, reading.fit != .sameQuantity {
                    return "\(text.debugDescription): converts \(reading.from.name) to \(to.name), another category"
                }
                if let problem = descending(reading.parts.map(\.unit), database) ?? descending(reading.targets, database) {
                    return "\(text.debugDescription): \(problem)"
                }
                guard reading.parts.first?.unit == reading.from else { return "\(text.debugDescription): the first part is not the value's unit" }
                if reading.parts.count > 1 {
                    // The first part is in the value's unit (checked above) and
                    // counts as it is, as the reader sums it: converted to its
                    // own unit through the base unit, 1e302 years passes a
                    // Double's range in seconds though the quantity is a
                    // number of years (found by fuzzing:
                    // quantity-phrase/regression-a-first-part-past-the-base-units-range).
                    var total = abs(reading.parts[0].value)
                    for part in reading.parts.dropFirst() {
                        guard let value = try? database.convert(part.value, from: part.unit, to: reading.from) else {
                            return "\(text.debugDescription): a part does not convert"
                        }
                        total += abs(value)
                    }
                    guard abs(abs(reading.value) - total) <= total * 1e-9 else {
                        return "\(text.debugDescription): parts add up to \(total), the value is \(reading.value)"
                    }
                }
            }
        return nil
    }

    /// Nil when `units` are of one category, each smaller than the one before.
    static func descending(_ units: [MeasureUnit], _ database: UnitDatabase) -> String? {
        for (larger, smaller) in zip(units, units.dropFirst()) {
            guard larger.category == smaller.category else { return "\(larger.key) and \(smaller.key) in one quantity" }
            guard let ratio = try? database.convert(1, from: smaller, to: larger), ratio < 1 else {
                return "\(smaller.key) is not smaller than \(larger.key)"
            }
        }
        return nil
    }
}
