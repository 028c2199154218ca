import UnitpackCore

extension UnitDatabase {
    /// Splits `value` of `unit` into `units`, largest first: 180 cm into
    /// feet and inches is 5 ft 11 in.
    ///
    /// The value is converted once, through the base unit, to the last
    /// (smallest) unit; its last part is rounded as `rounding` says, and the
    /// rest carried up by the units' ratios, so no part reaches the next unit
    /// (5 ft 11.96 in is 6 ft 0 in, 1° 59′ 59.7″ is 2° 0′ 0″). The sign is
    /// kept once, apart from the parts (-1 ft 2 in); a value that rounds to 0
    /// has none.
    ///
    /// - Parameter units: Units of `unit`'s category, largest first, each a
    ///   whole number of the next (a ratio within 1e-9 of a whole number
    ///   counts as one, so that 60 arcminutes computed from π/180 are a
    ///   degree) and proportional to the base unit (no formulas or inverse
    ///   scales). `unit` itself may be anything of the category.
    /// - Throws: `.incompatibleUnits` for a unit of another category;
    ///   `.invalidMixedQuantity` for units not largest first, not whole
    ///   multiples or not proportional, and for a `.significantDigits`
    ///   outside `1...17` or a `.fraction` denominator other than 2 to 64
    ///   (powers of two); `.conversionFailed` for a value that is not finite,
    ///   or that underflows (`convert(_:from:to:)`).
    public func split(_ value: Double, of unit: MeasureUnit, into units: [MeasureUnit], rounding: MixedRounding = .whole)
        throws(UnitDatabaseError) -> MixedQuantity
    {
        let (ratios, smallestFactor) = try Self.ratios(of: units, splitting: unit)
        if let problem = rounding.problem { throw .invalidMixedQuantity(problem) }
        let smallest: Double
        if unit.id == units[units.count - 1].id {
            // No round trip through the base unit: 70 in stays exactly 70.
            guard value.isFinite else { throw .conversionFailed(value.isNaN ? .notFinite : .overflow) }
            // As `convert` refuses it: a subnormal value has lost digits.
            guard !value.isSubnormal else { throw .conversionFailed(.underflow) }
            smallest = value
        } else {
            // What `convert(_:from:to:)` does, the categories checked already
            // (and no copy of a MeasureUnit: each retains its strings and arrays).
            do {
                smallest = try Conversion.linear(factor: smallestFactor).fromBase(try unit.conversion.toBase(value))
            } catch {
                throw .conversionFailed(error)
            }
        }
        let (values, fraction) = MixedQuantity.split(magnitude: smallest.magnitude, ratios: ratios, rounding: rounding)
        var parts: [MixedQuantity.Part] = []
        parts.reserveCapacity(units.count)
        for index in units.indices { parts.append(MixedQuantity.Part(value: values[index], unit: units[index])) }
        return MixedQuantity(
            parts: parts, isNegative: smallest < 0 && values.contains { $0 != 0 }, rounding: rounding,
            fraction: fraction)
    }

    /// `quantity` as `language` writes it: the parts that are not 0, or the
    /// last part alone when all are (`6 ft`, `2 in`, `0 in`; see
    /// `MixedQuantity.shownParts`), joined by one space, the sign before the
    /// first. Each part takes its own plural form from its number (`2 часа
    /// 1 минута`, `5 футов 11 дюймов`) and the language's separators (`1,5`).
    ///
    /// The numbers are those `split` made, not rounded again: the whole parts
    /// exactly, the last as its rounding left it; a `.fraction` last part is
    /// written `10 7/8` (`7/8` when its whole part is 0) and takes the plural
    /// form of its decimal value (10.875: `10 7/8 inches`).
    /// - Parameter grouping: Separate digit groups (`1 234`); off for output
    ///   meant for scripts.
    /// - Throws: `.unknownLanguage`; `.damaged`, `.corrupt` or `.storage` when the
    ///   names cannot be read.
    public func format(_ quantity: MixedQuantity, language code: String, grouping: Bool = true)
        throws(UnitDatabaseError) -> FormattedMixedQuantity
    {
        // Indices, not `shownParts`: copying a MeasureUnit retains its strings and arrays.
        let shown = quantity.shownIndices
        // All under one lock: the language and each part's words are read
        // once, not copied out to be used after (a format takes microseconds,
        // and each lock, cache lookup and copy is a noticeable share of it).
        let parts = try withState { state throws(UnitDatabaseError) -> [FormattedQuantity] in
            let language = try loadLanguage(code, state)
            let options = LocalizedNumberFormatting.Options(significantDigits: 17, grouping: grouping)
            var parts: [FormattedQuantity] = []
            parts.reserveCapacity(shown.count)
            for (index, partIndex) in shown.enumerated() {
                let value = quantity.parts[partIndex].value
                let names = try localizedNames(of: quantity.parts[partIndex].unit, in: language.code, state)
                var number = LocalizedNumberFormatting.format(value, symbols: language.numbers, options: options)
                if let fraction = quantity.fraction, index == shown.count - 1 {
                    let whole = value.rounded(.down)
                    var text = String(fraction.numerator) + "/" + String(fraction.denominator)
                    if let digits = language.numbers.digits { text = LocalizedNumberFormatting.nativeDigits(text, digits) }
                    if whole != 0 {
                        text = LocalizedNumberFormatting.format(whole, symbols: language.numbers, options: options).text
                            + " " + text
                    }
                    number.text = text
                }
                if index == 0 && quantity.isNegative { number.text = language.numbers.minusSign + number.text }
                // The word follows the rules of the language it is in (a partial
                // language showing an English word needs English forms), and the
                // number as shown: the plural text keeps the decimal value of a
                // fraction (10.875) and has no sign.
                let rules = names.language == language.code ? language : try loadLanguage(names.language, state)
                let category = PluralOperands(number.pluralText).map { rules.plurals.category(for: $0) } ?? .other
                // The same patterns as a single quantity (`2 ч 1 мин`, `5\u{A0}pieds 11\u{A0}pouces`).
                parts.append(
                    FormattedQuantity(
                        number: number.text,
                        long: Self.placing(number.text, in: names, category: category, isShort: false, language: rules),
                        short: Self.placing(number.text, in: names, category: category, isShort: true, language: rules),
                        pluralCategory: category, nameLanguage: names.language))
            }
            return parts
        }
        var long = ""
        var short = ""
        // One allocation each: the parts' lengths and a space between them.
        long.reserveCapacity(parts.reduce(parts.count) { $0 + $1.long.utf8.count })
        short.reserveCapacity(parts.reduce(parts.count) { $0 + $1.short.utf8.count })
        for (index, part) in parts.enumerated() {
            if index > 0 {
                long += " "
                short += " "
            }
            long += part.long
            short += part.short
        }
        return FormattedMixedQuantity(long: long, short: short, parts: parts)
    }

    /// Symbols written against their number, as CLDR's narrow forms write
    /// them: `10° 30′ 15″`, `5′ 11″`.
    static func isMark(_ symbol: String) -> Bool {
        // By scalar: comparing Strings normalises non-ASCII text first.
        var scalars = symbol.unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalars.next() == nil else { return false }
        return scalar == "°" || scalar == "′" || scalar == "″" || scalar == "'" || scalar == "\""
    }

    /// How many of each unit make one of the unit before it, checked, and
    /// the last unit's factor.
    private static func ratios(of units: [MeasureUnit], splitting unit: MeasureUnit) throws(UnitDatabaseError)
        -> (ratios: [Double], smallestFactor: Double)
    {
        guard !units.isEmpty else { throw .invalidMixedQuantity(.noUnits) }
        var ratios: [Double] = []
        ratios.reserveCapacity(units.count - 1)
        var previous = 0.0
        // By index: `for part in units` would copy each MeasureUnit.
        for index in units.indices {
            guard units[index].category == unit.category else {
                throw .incompatibleUnits(
                    from: unit.name, fromCategory: unit.category, to: units[index].name,
                    toCategory: units[index].category)
            }
            guard case .linear(let factor) = units[index].conversion, factor > 0, factor.isFinite else {
                throw .invalidMixedQuantity(.notProportional(units[index].key))
            }
            if index > 0 {
                let ratio = previous / factor
                let whole = ratio.rounded()
                // Also refuses a unit given twice (a ratio of 1).
                guard ratio > 1 + 1e-9 else {
                    throw .invalidMixedQuantity(.notDescending(larger: units[index - 1].key, smaller: units[index].key))
                }
                // Above 2^53 a Double holds no fraction to check.
                guard abs(ratio - whole) <= 1e-9 * whole, whole <= 0x1p53 else {
                    throw .invalidMixedQuantity(
                        .notWholeMultiple(larger: units[index - 1].key, smaller: units[index].key, ratio: ratio))
                }
                ratios.append(whole)
            }
            previous = factor
        }
        return (ratios, previous)
    }
}
