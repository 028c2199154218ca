import UnitpackCore

/// Units written as expressions of the database's units (docs/expressions.md):
/// the grammar is the core's `UnitExpression`, the words are the database's.
extension UnitDatabase {
    /// A unit a word of an expression names, and the units of other
    /// categories the word also names.
    struct ExpressionAtom: Hashable, Sendable {
        var unit: MeasureUnit
        var prefix: UnitPrefix? = nil
        var others: [MeasureUnit]
        var written: String
    }

    /// Reads `text` as an expression of the database's units: each name or
    /// symbol is looked up as `candidates(for:)` does (the best match is
    /// taken; the others are in `choices`), a point on a scale is read as
    /// its difference (`°F` in `BTU/(h·ft·°F)`).
    /// - Throws: `.badExpression` with the position when the text does not
    ///   read (an unknown unit, unbalanced parentheses, a bad power), or
    ///   when a unit converts by a formula that a product cannot carry.
    public func compoundUnit(_ text: String, languages: [String]? = nil) throws(UnitDatabaseError) -> CompoundUnit {
        let words = try expressionWords(languages)
        var failure: UnitDatabaseError?
        // A prefix refused on some words (`гекто` on `ньютон-метра`) may read
        // in another split (`гектоньютон`, `метра`): said only if none reads.
        var refusal: UnitDatabaseError?
        let expression: UnitExpression<ExpressionAtom>
        do throws(UnitExpressionError) {
            expression = try UnitExpression<ExpressionAtom>.parse(text, words: words) { written in
                guard failure == nil else { return nil }
                do throws(UnitDatabaseError) {
                    return try self.expressionAtom(written, languages: languages)
                } catch .badExpression(let word, let error) where error.reason.isPrefixRefusal {
                    refusal = refusal ?? .badExpression(word, error)
                    return nil
                } catch {
                    failure = error
                    return nil
                }
            }
        } catch {
            if let failure { throw Self.located(failure, in: text) }
            if let refusal, case .unknownUnit = error.reason { throw Self.located(refusal, in: text) }
            throw .badExpression(text, error)
        }
        if let failure { throw Self.located(failure, in: text) }
        return try compound(expression)
    }

    /// A word's failure (`prefixedAtom`) as the whole text's: its range
    /// moved to where the word is in `text`.
    private static func located(_ failure: UnitDatabaseError, in text: String) -> UnitDatabaseError {
        guard case .badExpression(let written, var error) = failure, written != text else { return failure }
        let haystack = Array(text.unicodeScalars)
        let needle = Array(written.unicodeScalars)
        if !needle.isEmpty, haystack.count >= needle.count,
            let start = (0...(haystack.count - needle.count)).first(where: { haystack[$0..<($0 + needle.count)].elementsEqual(needle) })
        {
            error.range = (start + error.range.lowerBound)..<(start + error.range.upperBound)
        }
        return .badExpression(text, error)
    }

    /// The units `compound` converts as: one for each category of its
    /// dimension (`N·m` is energy and torque: a named unit keeps its
    /// category, an expression converts to either), or one of its own
    /// dimension when no category has it. They are not rows of the
    /// database (`MeasureUnit.isExpression`). An expression of a dimension
    /// no category has whose inverse some category has (`min/mi`, s/m:
    /// a pace, the inverse of a speed) is a unit of that category that
    /// converts by its reciprocal, as its paces do (`min/km`), only where
    /// the category lists such a unit: `min/(mi·km)`, s/m², is no
    /// kinematic viscosity, whose units are none inverse.
    public func units(of compound: CompoundUnit) throws(UnitDatabaseError) -> [MeasureUnit] {
        let table = try dimensions()
        let system = compound.parts.first?.unit.system ?? .none
        func unit(_ category: String, factor: Double, inverse: Bool = false) -> MeasureUnit {
            MeasureUnit(
                id: UnitID(rawValue: -1), name: compound.symbol, category: category, symbols: [compound.symbol],
                conversion: inverse ? .reciprocal(factor: factor) : .linear(factor: factor), priority: 0, system: system, tier: 0,
                flags: inverse ? [.expression, .inverse] : .expression, impliedUsage: nil)
        }
        guard !compound.categories.isEmpty else {
            var inverted: [DimensionTable.Entry] = []
            for entry in table.categories(of: QuantityDimension.none.multiplied(by: compound.dimension, power: -1))
            where try listedUnits(of: entry.category).contains(where: \.isInverse) {
                inverted.append(entry)
            }
            if !inverted.isEmpty {
                // x of it is x·factor coherent units; its inverse, 1/(x·factor·base) of the category's base unit.
                return inverted.map { unit($0.category, factor: 1 / (compound.factor * $0.factor), inverse: true) }
            }
            return [unit(CompoundUnit.categoryKey(of: compound.dimension), factor: compound.factor)]
        }
        return compound.categories.compactMap { category in
            table.entry(category).map { unit(category, factor: compound.factor / $0.factor) }
        }
    }

    /// The units `text` names as an expression (`units(of: compoundUnit(text))`),
    /// or nil when it is a single name: the fallback of a name no row has.
    /// - Throws: `.badExpression` when it does not read as an expression.
    /// Kept in the object cache: a phrase is parsed again at each key typed.
    package func expressionUnits(_ text: String, languages: [String]?) throws(UnitDatabaseError) -> [MeasureUnit]? {
        let key = CachedKey.expression(ByteString(candidatesKeyPrefix(languages) + text))
        switch try withState({ state throws(UnitDatabaseError) -> CachedObject? in state.objects.value(for: key) }) {
        case .expression(let units)?: return units
        case .expressionFailure(let failure)?: throw failure
        default: break
        }
        let compound: CompoundUnit
        do throws(UnitDatabaseError) {
            // A word a slice left out is not read as the product of its parts.
            if let units = try leftOutUnits(named: TextFolding.fold(text)) {
                throw .badExpression(
                    text, UnitExpressionError(.notHeld(word: text, units: units), at: 0..<text.unicodeScalars.count))
            }
            compound = try compoundUnit(text, languages: languages)
        } catch {
            // A text that is no expression is asked about again at each parse.
            switch error {
            case .badExpression, .notInExpression:
                try withState { state throws(UnitDatabaseError) in
                    state.objects.insert(.expressionFailure(error), for: key, cost: ApproximateSize.ofExpression(key, nil) + ApproximateSize.of(text))
                }
            default: break
            }
            throw error
        }
        let units = compound.isSingleUnit ? nil : try self.units(of: compound)
        let cost = ApproximateSize.ofExpression(key, units)
        try withState { state throws(UnitDatabaseError) in state.objects.insert(.expression(units), for: key, cost: cost) }
        return units
    }

    /// The unit of the database an expression's unit is: one whose symbol
    /// is the expression's as written out (`km/h`, `km²`, `mi²`), of its
    /// category and factor. A phrase's target read as an expression is
    /// that unit (`70 mph in km por hora` answers in kilometers per hour,
    /// not in an expression equal to it). Nil when no unit is.
    /// A unit of an inverse scale (a pace, `min/km`, `FORMULAE` in
    /// `units-src/`) is that unit when it converts the expression's values
    /// to themselves (`5 min per km in min per mile` answers in minutes per
    /// mile).
    package func namedUnit(equalTo unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit? {
        guard let symbol = unit.symbols.first else { return nil }
        for named in try candidates(for: symbol, folded: TextFolding.fold(symbol), preferring: nil).units
        where named.category == unit.category && named.symbols.contains(symbol) && !named.isExpression {
            if case .linear(let factor) = unit.conversion, case .linear(let other) = named.conversion {
                guard abs(other - factor) <= 1e-12 * abs(factor) else { continue }
                return named
            }
            var same = true
            for value in [1.0, 7.25] {
                let converted = try convert(value, from: unit, to: named)
                if abs(converted - value) > 1e-12 * value { same = false }
            }
            if same { return named }
        }
        return nil
    }

    func expressionAtom(_ written: String, languages: [String]?) throws(UnitDatabaseError) -> ExpressionAtom? {
        var usable: [MeasureUnit] = []
        var refused: MeasureUnit?
        let found = try candidates(for: written, folded: TextFolding.fold(written), preferring: languages)
        // A prefix written exactly beats a name matched only ignoring case:
        // `ks` is the kilosecond, not `kS`.
        if found.ignoringCase {
            var ignored: (prefix: UnitPrefix, unit: MeasureUnit)?
            if let read = try symbolPrefixed(written, languages: languages, refused: &ignored) { return read }
        }
        for unit in found.units {
            guard let used = try inProduct(unit) else {
                refused = refused ?? unit
                continue
            }
            if !usable.contains(used) { usable.append(used) }
        }
        guard let first = usable.first else {
            if let refused { throw .notInExpression(written, unit: refused.key) }
            return try prefixedAtom(written, languages: languages)
        }
        return ExpressionAtom(unit: first, others: usable.dropFirst().filter { $0.category != first.category }, written: written)
    }

    /// The unit as a product uses it: itself when it converts by a factor,
    /// its difference when it is a point on a scale, nil otherwise (a
    /// formula or an inverse unit has no factor to multiply).
    private func inProduct(_ unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit? {
        if case .linear = unit.conversion { return unit }
        if let difference = try differenceUnit(of: unit), case .linear = difference.conversion { return difference }
        return nil
    }

    private func compound(_ expression: UnitExpression<ExpressionAtom>) throws(UnitDatabaseError) -> CompoundUnit {
        let table = try dimensions()
        var factor = 1.0
        var number = 1.0
        var dimension = QuantityDimension.none
        var parts: [CompoundUnit.Part] = []
        var choices: [CompoundUnit.Choice] = []
        var up: [String] = []
        var down: [String] = []
        for term in expression.terms {
            let symbol: String
            switch term.factor {
            case .number(let value):
                number *= UnitExpressionGrammar.power(value, term.power)
                symbol = UnitExpressionGrammar.numberText(value)
            case .atom(let atom):
                guard let entry = table.entry(atom.unit.category), case .linear(let unitFactor) = atom.unit.conversion else {
                    throw .damaged(path: path, damage: .missingRow(table: "categories", key: atom.unit.category, namedBy: "units"))
                }
                factor *= UnitExpressionGrammar.power((atom.prefix?.factor ?? 1) * unitFactor * entry.factor, term.power)
                dimension = dimension.multiplied(by: entry.dimension, power: term.power)
                parts.append(.init(unit: atom.unit, prefix: atom.prefix, power: term.power, written: atom.written))
                if !atom.others.isEmpty { choices.append(.init(written: atom.written, chosen: atom.unit, others: atom.others)) }
                symbol = (atom.prefix?.symbols[0] ?? "") + (atom.unit.symbols.first ?? atom.unit.name)
            }
            let power = abs(term.power)
            let written = power == 1 ? symbol : symbol + UnitExpressionGrammar.superscript(power)
            if term.power > 0 { up.append(written) } else { down.append(written) }
        }
        factor *= number
        guard factor.isFinite, factor > 0, factor >= Double.leastNormalMagnitude else {
            throw .badExpression(
                expression.canonicalText { $0.unit.name },
                UnitExpressionError(.outOfRange, at: 0..<0))
        }
        var symbol = up.isEmpty ? "1" : up.joined(separator: "·")
        if !down.isEmpty { symbol += "/" + (down.count == 1 ? down[0] : "(" + down.joined(separator: "·") + ")") }
        // A point on a scale is no product's category: K·1 is a difference.
        let absolute = Set(try relations().differenceSides.map(\.absolute))
        // A prefixed unit alone keeps its unit's category, as a named one
        // does: `mK` is a temperature on the kelvin scale.
        let categories =
            parts.count == 1 && parts[0].power == 1 && parts[0].prefix != nil && number == 1
            ? [parts[0].unit.category]
            : table.categories(of: dimension).map(\.category).filter { !absolute.contains($0) }
        return CompoundUnit(
            parts: parts, number: number, factor: factor, dimension: dimension, symbol: symbol, categories: categories,
            choices: choices)
    }

    /// An expression unit's name in `language` for `count` of it, built from
    /// its parts' names by the language's compound patterns
    /// (`compoundName`); nil when a pattern or a form is missing, or the
    /// expression holds a number (`L/100 km`) or a power over 3.
    func expressionName(_ unit: MeasureUnit, count: Double, language: String) throws(UnitDatabaseError) -> String? {
        guard unit.isExpression, let symbol = unit.symbols.first else { return nil }
        let compound: CompoundUnit
        do {
            compound = try compoundUnit(symbol)
        } catch .badExpression {
            return nil
        }
        guard compound.number == 1 else { return nil }
        let numerator = compound.parts.filter { $0.power > 0 }.map {
            CompoundNamePart(unit: $0.unit, prefix: $0.prefix?.name, power: $0.power)
        }
        let denominator = compound.parts.filter { $0.power < 0 }.map {
            CompoundNamePart(unit: $0.unit, prefix: $0.prefix?.name, power: -$0.power)
        }
        return try compoundName(numerator: numerator, denominator: denominator, count: count, language: language)
    }

    /// The operator words of `languages` (every language of phrases for nil),
    /// from `phrase_words` (kinds `per`, `power-before`, `power-after`).
    func expressionWords(_ languages: [String]?) throws(UnitDatabaseError) -> ExpressionWords {
        var asked = languages ?? []
        if languages == nil { asked = try phraseLanguages() }
        guard !asked.isEmpty else { return .none }
        return try phraseWords(asked).expression
    }
}
