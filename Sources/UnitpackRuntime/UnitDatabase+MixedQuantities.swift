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
    ///   (powers of two); `.conversionFailed` for a value that is not finite.
    public func split(_ value: Double, of unit: Unit, into units: [Unit], rounding: MixedRounding = .whole)
        throws(UnitDatabaseError) -> MixedQuantity
    {
        let ratios = try Self.ratios(of: units, splitting: unit)
        if let problem = rounding.problem { throw .invalidMixedQuantity(problem) }
        let smallestUnit = units[units.count - 1]
        let smallest: Double
        if unit.id == smallestUnit.id {
            // No round trip through the base unit: 70 in stays exactly 70.
            guard value.isFinite else { throw .conversionFailed(value.isNaN ? .notFinite : .overflow) }
            smallest = value
        } else {
            smallest = try convert(value, from: unit, to: smallestUnit)
        }
        let (values, fraction) = MixedQuantity.split(magnitude: smallest.magnitude, ratios: ratios, rounding: rounding)
        let parts = zip(values, units).map { MixedQuantity.Part(value: $0, unit: $1) }
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
    /// - Throws: `.unknownLanguage`.
    public func format(_ quantity: MixedQuantity, language code: String, grouping: Bool = true)
        throws(UnitDatabaseError) -> FormattedMixedQuantity
    {
        let language = try language(code)
        let options = LocalizedNumberFormatting.Options(significantDigits: 17, grouping: grouping)
        let shown = quantity.shownParts
        var parts: [FormattedQuantity] = []
        parts.reserveCapacity(shown.count)
        for (index, part) in shown.enumerated() {
            let names = try names(of: part.unit, in: language.code)
            let rules = names.language == language.code ? language : try self.language(names.language)
            var number = LocalizedNumberFormatting.format(part.value, symbols: language.numbers, options: options)
            if let fraction = quantity.fraction, index == shown.count - 1 {
                let whole = part.value.rounded(.down)
                let wholeText =
                    whole == 0
                    ? "" : LocalizedNumberFormatting.format(whole, symbols: language.numbers, options: options).text + " "
                number.text = wholeText + String(fraction.numerator) + "/" + String(fraction.denominator)
            }
            if index == 0 && quantity.isNegative { number.text = "-" + number.text }
            let category = rules.pluralCategory(of: number)
            let symbol = names.symbol
            parts.append(
                FormattedQuantity(
                    number: number.text, long: number.text + " " + names.form(for: category),
                    short: number.text + (Self.isMark(symbol) ? "" : " ") + symbol, pluralCategory: category,
                    nameLanguage: names.language))
        }
        return FormattedMixedQuantity(
            long: parts.lazy.map(\.long).joined(separator: " "), short: parts.lazy.map(\.short).joined(separator: " "),
            parts: parts)
    }

    /// Symbols written against their number, as CLDR's narrow forms write
    /// them: `10° 30′ 15″`, `5′ 11″`.
    static func isMark(_ symbol: String) -> Bool {
        symbol == "°" || symbol == "′" || symbol == "″" || symbol == "'" || symbol == "\""
    }

    /// How many of each unit make one of the unit before it, checked.
    private static func ratios(of units: [Unit], splitting unit: Unit) throws(UnitDatabaseError) -> [Double] {
        guard !units.isEmpty else { throw .invalidMixedQuantity(.noUnits) }
        var factors: [Double] = []
        factors.reserveCapacity(units.count)
        for part in units {
            guard part.category == unit.category else {
                throw .incompatibleUnits(
                    from: unit.name, fromCategory: unit.category, to: part.name, toCategory: part.category)
            }
            guard case .linear(let factor) = part.conversion, factor > 0, factor.isFinite else {
                throw .invalidMixedQuantity(.notProportional(part.key))
            }
            factors.append(factor)
        }
        var ratios: [Double] = []
        ratios.reserveCapacity(units.count - 1)
        for index in units.indices.dropFirst() {
            let ratio = factors[index - 1] / factors[index]
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
        return ratios
    }
}
