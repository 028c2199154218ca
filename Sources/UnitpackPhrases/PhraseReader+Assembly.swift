import UnitpackCore
import UnitpackDatabase

/// The readings a quantity's parts and a target make: the parts' units of
/// one category, largest first, and their sum.
extension PhraseReader {
    /// The readings of a quantity's parts and an optional target: for each
    /// unit the first part may name, the units of its category that the
    /// other parts and the target name. The parts must go from the largest
    /// unit down and add up; so must the target's.
    func assemble(_ parts: [FoundPart], _ targets: [Found]?, _ reader: inout Reader) throws(UnitDatabaseError) -> Outcome {
        // Each reading carries the guesses its words were read by.
        var guesses = parts.compactMap(\.units.guess)
        if let targets { guesses += targets.compactMap(\.guess) }
        let outcome = try assembled(parts, targets, &reader)
        guard case .success(let readings) = outcome else { return outcome }
        // A symbol only its case tells must be read in one spelling (`mw`): the
        // one that does not convert a unit to itself (`100 mbps in MB/s`), or
        // that is a prefix of the other side's unit (`1.5tb to gb`). Most
        // words are no such symbol: the list is made only for one that is.
        let caseDecides = parts.contains { $0.units.caseDecides != nil } || (targets ?? []).contains { $0.caseDecides != nil }
        let founds = !caseDecides ? [] : parts.map { (found: $0.units, isTarget: false) } + (targets ?? []).map { (found: $0, isTarget: true) }
        if caseDecides, let problem = Self.caseProblem(readings, founds) {
            var narrowed = Self.narrowedByAsking(readings, founds)
            if narrowed == nil { narrowed = try narrowedByBase(readings, founds) }
            guard let narrowed else { return .failure(.problem(problem)) }
            return .success(narrowed.map { reading in
                var reading = reading
                reading.guesses = guesses.filter { !reading.guesses.contains($0) } + reading.guesses
                return reading
            })
        }
        guard !guesses.isEmpty else { return outcome }
        return .success(readings.map { reading in
            var reading = reading
            reading.guesses = guesses
            return reading
        })
    }

    private func assembled(_ parts: [FoundPart], _ targets: [Found]?, _ reader: inout Reader) throws(UnitDatabaseError) -> Outcome {
        var (parts, targets, fit) = (parts, targets, PhraseFit.asWritten)
        if reader.difference {
            let mapped = try asDifferences(parts, targets)
            if mapped.changed { (parts, targets, fit) = (mapped.parts, mapped.targets, .difference) }
        }
        var readings: [PhraseReading] = []
        var failure: PhraseFailure?
        let language = parts.lazy.compactMap(\.units.language).first ?? targets?.lazy.compactMap(\.language).first
        for source in parts[0].units.units {
            let quantity: (units: [MeasureUnit], total: Double)
            switch try sum(parts, as: source) {
            case .success(let found): quantity = found
            case .failure(let reason):
                failure = failure ?? reason
                continue
            }
            // Each part with its unit (a loop: `zip(…).map` went through the
            // generic sequence witnesses, most of a one-part reading's cost here).
            var quantities: [PhraseQuantity] = []
            quantities.reserveCapacity(min(parts.count, quantity.units.count))
            for index in 0..<min(parts.count, quantity.units.count) {
                quantities.append(
                    PhraseQuantity(value: parts[index].value, unit: quantity.units[index], significantDigits: parts[index].significantDigits))
            }
            guard let targets else {
                readings.append(PhraseReading(value: quantity.total, from: source, parts: quantities, language: language, fit: fit))
                continue
            }
            for target in targets[0].units where target.category == source.category {
                switch try chain(targets.dropFirst().map(\.units), after: target) {
                case .success(let units):
                    readings.append(
                        PhraseReading(
                            value: quantity.total, from: source, parts: quantities, targets: units, language: language, fit: fit))
                case .failure(let reason): failure = failure ?? reason
                }
            }
        }
        guard readings.isEmpty, let targets, failure == nil else {
            return readings.isEmpty ? .failure(failure ?? .problem(.noUnitAfterNumber(in: nil))) : .success(readings)
        }
        // No unit of the value shares a category with the target's.
        let sources = parts[0].units.units
        if parts.count == 1, targets.count == 1 {
            let fitted = try fitted(parts[0], targets[0].units, language: language)
            if !fitted.isEmpty { return .success(fitted) }
            // Read as differences, the other meanings are too (`otherMeanings`).
            if fit == .asWritten || fit == .difference {
                let others = try otherMeanings(parts[0], targets[0], language: language, &reader)
                if !others.isEmpty { return .success(others) }
            }
        }
        // 5 °C in Δ°F: a point on a scale is no difference; the reason names both.
        for source in sources {
            for target in targets[0].units {
                if let error = try database.scaleAndDifference(source, target) { return .failure(.problem(.scaleAndDifference(error))) }
            }
        }
        let from = sources[0], to = targets[0].units[0]
        return .failure(.problem(.cannotConvert(from: from, to: to)))
    }

    enum Chain<Value> {
        case success(Value)
        case failure(PhraseFailure)
    }

    /// The parts' units in `first`'s category, and their sum in `first`.
    private func sum(_ parts: [FoundPart], as first: MeasureUnit) throws(UnitDatabaseError) -> Chain<(units: [MeasureUnit], total: Double)> {
        guard parts.count > 1 else { return .success(([first], parts[0].value)) }
        let units: [MeasureUnit]
        switch try chain(parts.dropFirst().map(\.units.units), after: first) {
        case .success(let found): units = found
        case .failure(let reason): return .failure(reason)
        }
        // The sign of the first part is the quantity's: -1 ft 2 in is -(1 ft 2 in).
        var total = abs(parts[0].value)
        for (part, unit) in zip(parts.dropFirst(), units.dropFirst()) {
            guard part.value >= 0 else { return .failure(.problem(.signedPart(value: part.value, unit: unit))) }
            // A sum past a Double's range is no quantity (found by fuzzing:
            // `… 1e300 hundred a s …`): refused, as a number typed past it is.
            // Made only when refused: a Double written out for each part
            // of each reading was a tenth of a parse of several parts.
            func tooLarge() -> Chain<(units: [MeasureUnit], total: Double)> {
                .failure(.problem(.numberOutOfRange(NumberOutOfRange(text: "\(part.value) \(unit.name)", isTooLarge: true, read: .infinity))))
            }
            do {
                total += try database.convert(part.value, from: unit, to: first)
            } catch .conversionFailed {
                return tooLarge()
            }
            guard total.isFinite else { return tooLarge() }
        }
        return .success((units, parts[0].value < 0 ? -total : total))
    }

    /// `first`, then for each of `rest` its unit in `first`'s category: each
    /// smaller than the one before, all by a factor (no scale with an offset).
    private func chain(_ rest: [[MeasureUnit]], after first: MeasureUnit) throws(UnitDatabaseError) -> Chain<[MeasureUnit]> {
        var units = [first]
        for candidates in rest {
            let previous = units[units.count - 1]
            guard let unit = candidates.first(where: { $0.category == first.category }) else {
                return .failure(.problem(.notOneCategory(previous: previous, other: candidates.first)))
            }
            guard case .linear = previous.conversion, case .linear = unit.conversion else {
                return .failure(.problem(.hasOffset(previous: previous, unit: unit)))
            }
            guard try database.convert(1, from: unit, to: previous) < 1 else { return .failure(.problem(.notDescending(previous: previous, unit: unit))) }
            units.append(unit)
        }
        return .success(units)
    }
}
