import UnitpackCore

/// A value and its units turned into an answer (`ConversionAnswer`): the
/// target as given (one unit, a mixed one written `ft+in`, a unit key) or
/// the one a person expects, the result, and its parts. What `unitpack
/// convert` answers, by one call that any front end makes too.
extension UnitDatabase {
    /// `value` of `from` in `targets`: one unit, or the parts of a mixed one
    /// (largest first: `foot`, `inch`).
    ///
    /// The result is `convert(_:from:to:)` into `targets[0]`; with several
    /// targets, or a `.fraction` rounding, `split(_:of:into:rounding:)` makes
    /// its parts (a one-unit result in fractions: `26.2 cm` in inches to
    /// 1/16 is `10 5/16 inches`).
    /// - Parameters:
    ///   - parts: The value's parts as given (`6 ft`, `2 in`), kept in the
    ///     answer; nil for the one part `value` of `from`.
    ///   - rounding: How the last part of a mixed result is rounded; a
    ///     `.fraction` also writes a one-unit result in fractions of it.
    /// - Throws: what `convert` and `split` throw;
    ///   `.invalidMixedQuantity(.noUnits)` for no targets;
    ///   `.noAnswer(.fractionOfScale)` for a one-unit result in fractions of
    ///   a scale with an offset or an inverse one.
    public func answer(
        _ value: Double, from: MeasureUnit, to targets: [MeasureUnit], given parts: [PhraseQuantity]? = nil,
        rounding: MixedRounding = .whole
    ) throws(UnitDatabaseError) -> ConversionAnswer {
        try answer(value, from: from, to: targets, given: parts, rounding: rounding, choice: nil)
    }

    /// `value` of `from` in the units a person expects it in
    /// (`expectedTarget(for:in:request:)`: the request's system, else its
    /// region, else the unit's other system; its usage, else the one the unit
    /// implies); the answer's `choice` says how they were chosen.
    /// - Throws: `.noAnswer(.noPreferredUnits)` when the unit's category has
    ///   no preferred units; what `expectedTarget` and
    ///   `answer(_:from:to:given:rounding:)` throw.
    public func answer(
        _ value: Double, from: MeasureUnit, request: TargetRequest = TargetRequest(), given parts: [PhraseQuantity]? = nil,
        rounding: MixedRounding = .whole
    ) throws(UnitDatabaseError) -> ConversionAnswer {
        guard let choice = try expectedTarget(for: value, in: from, request: request) else {
            throw .noAnswer(.noPreferredUnits(from))
        }
        return try answer(value, from: from, to: choice.target.units, given: parts, rounding: rounding, choice: choice)
    }

    /// `value` of the unit named `from` in the unit named `to`, both as a
    /// person or a script writes them: names, symbols or expressions, read
    /// as a pair (`convert(_:from:to:)`: `min` to `h` is the minute); a
    /// mixed target written `ft+in` (`mixedTargets(_:like:)`, its first part
    /// read with `from`); or unit keys (`length/foot`), where a name on the
    /// other side is read in the key's category.
    /// - Parameter significantDigits: The significant digits the value was
    ///   typed with (`NumberReader.significantDigits(in:)`), kept in the
    ///   answer's part; nil when it states none.
    /// - Throws: `.unknownUnit`, `.ambiguousUnit` and what
    ///   `convert(_:from:to:)` throws for the names;
    ///   `.noAnswer(.mixedTargetCategory)` for a part of a mixed target of
    ///   another category; what `answer(_:from:to:given:rounding:)` throws.
    public func answer(
        _ value: Double, from: String, to: String, significantDigits: Int? = nil, rounding: MixedRounding = .whole
    ) throws(UnitDatabaseError) -> ConversionAnswer {
        func given(_ unit: MeasureUnit) -> [PhraseQuantity] {
            [PhraseQuantity(value: value, unit: unit, significantDigits: significantDigits)]
        }
        if let keyed = try keyedPair(from, to) {
            return try answer(value, from: keyed.from, to: [keyed.to], given: given(keyed.from), rounding: rounding)
        }
        guard let pieces = Self.mixedPieces(to) else {
            let pair = try convert(value, from: from, to: to)
            return try answer(value, from: pair.from, to: [pair.to], given: given(pair.from), rounding: rounding)
        }
        // The first part read with the value's unit, as a pair (`90 min h+min`: the minute), the rest in its category.
        let first = try convert(value, from: from, to: pieces[0])
        let targets = [first.to] + (try units(of: pieces.dropFirst(), in: first.to.category))
        return try answer(value, from: first.from, to: targets, given: given(first.from), rounding: rounding)
    }

    /// `value` of the unit named `from` in the units a person expects it in.
    ///
    /// A name may mean several units (`cm`: a length and a typographic
    /// unit); of those whose category has preferred units, the one with the
    /// higher priority is meant. In the request's region a name may mean
    /// another unit (`regionalReading(of:words:region:language:)`: a pint in
    /// GB is the imperial pint). `from` may be a unit key (`length/foot`).
    /// - Parameter significantDigits: The significant digits the value was
    ///   typed with, kept in the answer's part; nil when it states none.
    /// - Throws: `.unknownUnit`; `.ambiguousUnit` when several units of the
    ///   name have preferred units at one priority, or several have none;
    ///   `.noAnswer(.noPreferredUnits)` when its one unit has none; what
    ///   `expectedTarget` and `answer(_:from:to:given:rounding:)` throw.
    public func answer(
        _ value: Double, from: String, request: TargetRequest = TargetRequest(), significantDigits: Int? = nil,
        rounding: MixedRounding = .whole
    ) throws(UnitDatabaseError) -> ConversionAnswer {
        let (source, choice) = try expectedSource(value, named: from, request: request)
        let given = [PhraseQuantity(value: value, unit: source, significantDigits: significantDigits)]
        return try answer(value, from: source, to: choice.target.units, given: given, rounding: rounding, choice: choice)
    }

    /// The units of a mixed target written with `+`, largest first (`ft+in`:
    /// the foot and the inch), each part read as a unit of `unit`'s category
    /// (`unit` is the value's, or any of the category); nil when `text` is
    /// no mixed target (no `+`, or an empty part: `ft+`).
    /// - Throws: `.unknownUnit` for a part no unit has as its name or
    ///   symbol; `.noAnswer(.mixedTargetCategory)` for a part that names
    ///   units of other categories only.
    public func mixedTargets(_ text: String, like unit: MeasureUnit) throws(UnitDatabaseError) -> [MeasureUnit]? {
        guard let pieces = Self.mixedPieces(text) else { return nil }
        return try units(of: pieces[...], in: unit.category)
    }

    /// The answer, with how its target was chosen: the one path of every
    /// `answer` (and of the phrase reader's).
    package func answer(
        _ value: Double, from: MeasureUnit, to targets: [MeasureUnit], given parts: [PhraseQuantity]?, rounding: MixedRounding,
        choice: ExpectedTarget?
    ) throws(UnitDatabaseError) -> ConversionAnswer {
        guard let target = targets.first else { throw .invalidMixedQuantity(.noUnits) }
        let result = try convert(value, from: from, to: target)
        let inFractions = if case .fraction = rounding { true } else { false }
        if targets.count == 1, inFractions, !target.isProportional { throw .noAnswer(.fractionOfScale(target)) }
        var mixed: MixedQuantity?
        var mixedIsExact: Bool?
        if targets.count > 1 || inFractions {
            let rounded = try split(value, of: from, into: targets, rounding: rounding)
            // 17 digits round nothing: the last part as the split leaves it, to hold the rounded one to.
            let unrounded = try split(value, of: from, into: targets, rounding: .significantDigits(17))
            mixed = rounded
            mixedIsExact = ConversionAnswer.isExact(rounded, unrounded: unrounded)
        }
        return ConversionAnswer(
            parts: parts ?? [PhraseQuantity(value: value, unit: from)], value: value, from: from, targets: targets, result: result,
            mixed: mixed, mixedIsExact: mixedIsExact, choice: choice)
    }

    /// The parts of `text` split at `+`; nil unless there are two or more
    /// and none is empty.
    static func mixedPieces(_ text: String) -> [String]? {
        let pieces = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1, !pieces.contains(where: \.isEmpty) else { return nil }
        return pieces
    }

    /// Each of `pieces` read as a unit of `category`: of the units its name
    /// names, the first of that category.
    private func units(of pieces: ArraySlice<String>, in category: String) throws(UnitDatabaseError) -> [MeasureUnit] {
        var units: [MeasureUnit] = []
        for piece in pieces {
            let candidates = try candidates(for: piece)
            guard let unit = candidates.first(where: { $0.category == category }) else {
                if candidates.isEmpty { throw .unknownUnit(piece) }
                throw .noAnswer(.mixedTargetCategory(part: piece, category: category))
            }
            units.append(unit)
        }
        return units
    }

    /// The unit whose key (`category/name`) `text` is; nil for a name, a
    /// symbol or an expression (`km/h`).
    func keyedUnit(_ text: String) throws(UnitDatabaseError) -> MeasureUnit? {
        guard text.contains("/"), try candidates(for: text).isEmpty else { return nil }
        do {
            return try unit(key: text)
        } catch .unknownUnit {
            return nil
        }
    }

    /// FROM and TO when either is a unit key: the key's unit, and for the
    /// other a name's reading in the key's category (`1 length/foot in`),
    /// else its one unit. Nil when neither is a key.
    private func keyedPair(_ from: String, _ to: String) throws(UnitDatabaseError) -> (from: MeasureUnit, to: MeasureUnit)? {
        let fromKey = try keyedUnit(from)
        let toKey = try keyedUnit(to)
        guard fromKey != nil || toKey != nil else { return nil }
        func resolve(_ text: String, _ keyed: MeasureUnit?, like other: MeasureUnit?) throws(UnitDatabaseError) -> MeasureUnit {
            if let keyed { return keyed }
            let found = try candidatesOrExpression(text)
            if let other, let fit = found.first(where: { $0.category == other.category }) { return fit }
            // An expression of several categories (N·m) keeps the first when nothing says which.
            if found.count == 1 || found.allSatisfy(\.isExpression) { return found[0] }
            return try unit(named: text)
        }
        return (try resolve(from, fromKey, like: toKey), try resolve(to, toKey, like: fromKey))
    }

    /// The unit `name` means for `value` when no target is given, and its
    /// expected target: of the units it names (read in the request's region),
    /// those with preferred units, the one of the highest priority.
    private func expectedSource(_ value: Double, named name: String, request: TargetRequest) throws(UnitDatabaseError)
        -> (MeasureUnit, ExpectedTarget)
    {
        var sources: [MeasureUnit]
        if let keyed = try keyedUnit(name) { sources = [keyed] } else { sources = try candidatesOrExpression(name) }
        if let region = request.region {
            let code = try Self.checkedRegion(region)
            var read: [MeasureUnit] = []
            for source in sources { read.append(try regionalReading(of: source, words: name, region: code) ?? source) }
            sources = read
        }
        guard !sources.isEmpty else { throw .unknownUnit(name) }
        var readings: [(unit: MeasureUnit, choice: ExpectedTarget)] = []
        for source in sources {
            if let choice = try expectedTarget(for: value, in: source, request: request) { readings.append((source, choice)) }
        }
        // `cm` is a length and a typographic unit: of the readings that have
        // preferred units, the unit with the higher priority is the one meant.
        readings = readings.sorted { $0.unit.priority > $1.unit.priority }
        guard let first = readings.first else {
            if sources.count > 1 { throw .ambiguousUnit(name, candidates: sources.map(\.key)) }
            throw .noAnswer(.noPreferredUnits(sources[0]))
        }
        if readings.count > 1 && readings[1].unit.priority == first.unit.priority {
            throw .ambiguousUnit(name, candidates: readings.map(\.unit.key))
        }
        return (first.unit, first.choice)
    }
}
