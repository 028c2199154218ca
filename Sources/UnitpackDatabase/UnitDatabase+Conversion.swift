import UnitpackCore

/// Converting values between units given as units or as names.
extension UnitDatabase {
    /// Converts between two units of one category, through the base unit, or
    /// of two categories that measure one quantity (`same` in relations.tsv:
    /// 60 rpm is 1 Hz), through the first base unit, the factor and the second.
    /// - Throws: `.absoluteAndDifference` for a point on a scale and a
    ///   difference (°C to Δ°F), `.incompatibleUnits` for other categories,
    ///   `.conversionFailed` when a formula fails, and with `.underflow`
    ///   for a subnormal value or a result that underflows (below
    ///   2.2250738585072014e-308, or 0 from a value that is not: 1e-300 pm
    ///   in Pm): such a result has lost its digits, and 0 would be a wrong answer.
    public func convert(_ value: Double, from: MeasureUnit, to: MeasureUnit) throws(UnitDatabaseError) -> Double {
        // One category, the common case, needs no relations.
        let factor = from.category == to.category ? nil : try crossCategoryFactor(from: from, to: to)
        do {
            let base = try from.conversion.toBase(value)
            // The factor across a `same` relation is a step like the others: it may underflow too.
            let across = try factor.map { factor throws(FormulaEvaluationError) in try Conversion.normal(base * factor, from: base) }
            return try to.conversion.fromBase(across ?? base)
        } catch {
            throw .conversionFailed(error)
        }
    }

    /// Converts between two units given by name or symbol. When a name is
    /// ambiguous (`min`: minute or arcminute), the pair that shares a category
    /// wins; when no pair does, a name's other reading (relations.tsv, `also`)
    /// may make one: `oz` is the US fluid ounce in `12 oz` to `ml`.
    /// - Returns: the value in the target unit, and the two units the names
    ///   were read as.
    public func convert(_ value: Double, from: String, to: String) throws(UnitDatabaseError) -> ConvertedValue {
        let sources = try candidatesOrExpression(from)
        let targets = try candidatesOrExpression(to)
        var pairs = sources.flatMap { s in targets.filter { $0.category == s.category }.map { (s, $0) } }
        // Two expressions of one dimension with several categories (N·m and
        // lbf·ft: energy and torque) convert alike in each: one answer.
        if pairs.count > 1, pairs.allSatisfy({ $0.0.isExpression || $0.1.isExpression }),
            Set(pairs.map { [$0.0.name, $0.1.name] }).count == 1
        {
            pairs = [pairs[0]]
        }
        guard let pair = pairs.first else {
            if let read = try alsoPair(sources, targets) {
                return ConvertedValue(value: try convert(value, from: read.from, to: read.to), from: read.from, to: read.to)
            }
            // Two categories of one quantity (`same` in relations.tsv) make
            // a pair as one category does: `pt` in `mm` is the typographic
            // point, not the pint or the carat's point.
            if sources.count > 1 || targets.count > 1, let pair = try sameQuantityPair(sources, targets) {
                return ConvertedValue(value: try convert(value, from: pair.from, to: pair.to), from: pair.from, to: pair.to)
            }
            // An expression names one dimension: no reading of the other side
            // fits it, whichever is meant (`kg*m` in `J`: energy or year).
            let expression = sources.allSatisfy(\.isExpression) || targets.allSatisfy(\.isExpression)
            if sources.count > 1 && !expression { throw .ambiguousUnit(from, candidates: sources.map(\.key)) }
            if targets.count > 1 && !expression { throw .ambiguousUnit(to, candidates: targets.map(\.key)) }
            return ConvertedValue(value: try convert(value, from: sources[0], to: targets[0]), from: sources[0], to: targets[0])
        }
        if pairs.count > 1 {
            let sourceIDs = Set(pairs.map(\.0.id))
            if sourceIDs.count > 1 { throw .ambiguousUnit(from, candidates: pairs.map(\.0.key)) }
            throw .ambiguousUnit(to, candidates: pairs.map(\.1.key))
        }
        return ConvertedValue(value: try convert(value, from: pair.0, to: pair.1), from: pair.0, to: pair.1)
    }

    /// The one pair of units of two categories that measure one quantity
    /// (`relations().factor` is not nil); nil when none or several are.
    func sameQuantityPair(_ sources: [MeasureUnit], _ targets: [MeasureUnit]) throws(UnitDatabaseError)
        -> (from: MeasureUnit, to: MeasureUnit)?
    {
        let relations = try relations()
        var found: (from: MeasureUnit, to: MeasureUnit)?
        for source in sources {
            for target in targets where relations.factor(from: source.category, to: target.category) != nil {
                if found != nil { return nil }
                found = (source, target)
            }
        }
        return found
    }

    /// The units a name names, else the units of it read as an expression.
    /// - Throws: `.unknownUnit` when it is neither; the expression's own
    ///   error when it looks like one (an operator, a power, several words).
    public func candidatesOrExpression(_ text: String, preferring languages: [String]? = nil) throws(UnitDatabaseError) -> [MeasureUnit] {
        let found = try candidates(for: text, folded: TextFolding.fold(text), preferring: languages)
        if !found.units.isEmpty && !found.ignoringCase { return found.units }
        if !found.units.isEmpty {
            // Matched only ignoring case: a prefixed unit written exactly comes
            // first (`ks`); else the case must not be what decides the unit (`mw`).
            do {
                if let units = try expressionUnits(text, languages: languages) { return units }
            } catch .badExpression {}
            // Each spelling's units: the caller refuses them as ambiguous
            // unless the other unit leaves one (`1 pa kPa`).
            let readings = try caseReadings(text, units: found.units, languages: languages)
            var units = readings.isEmpty ? found.units : []
            for reading in readings { for unit in reading.units where !units.contains(unit) { units.append(unit) } }
            return units
        }
        do {
            guard let units = try expressionUnits(text, languages: languages) else {
                return [try compoundUnit(text, languages: languages).parts[0].unit]
            }
            return units
        } catch .badExpression(_, let error) {
            // Plain words with no operator are a name not found, not an expression.
            if case .unknownUnit = error.reason, try !looksLikeExpression(text, languages: languages) { throw .unknownUnit(text) }
            if error.reason == .empty { throw .unknownUnit(text) }
            throw .badExpression(text, error)
        }
    }

    /// Whether `text` holds an operator, a power or an operator word of `languages`.
    func looksLikeExpression(_ text: String, languages: [String]?) throws(UnitDatabaseError) -> Bool {
        if text.unicodeScalars.contains(where: UnitExpressionGrammar.isOperator) { return true }
        let words = try expressionWords(languages)
        guard !words.isEmpty else { return false }
        return text.split(whereSeparator: { $0 == " " || $0 == "-" }).contains { word in
            let folded = TextFolding.fold(String(word))
            return words.per.contains(folded) || words.times.contains(folded) || words.powerBefore[folded] != nil
                || words.powerAfter[folded] != nil
        }
    }
}
